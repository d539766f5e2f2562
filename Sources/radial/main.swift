import RadialCLI
RadialCommand.main()
