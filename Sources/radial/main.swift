import RadialApp
RadialCommand.main()
