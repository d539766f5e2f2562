import RadialCore
import RadialRender

let bikes = [RadarChartSeries(name: "City", values: [55, 40, 62, 90, 85, 70], color: .teal),
             RadarChartSeries(name: "Trail", values: [80, 92, 78, 50, 45, 82], color: .orange)]
let ebike = Page(title: "Which e-bike?", subtitle: "Two models, six things that matter",
                 charts: [.radar(RadarChart(axes: ["Speed", "Power", "Range", "Comfort", "Price", "Design"], series: bikes))])
try ebike.render(size: Size(800, 800)).write(to: "ebike.png")

struct Expense { let category: String; let amount: Double }
let expenses = [Expense(category: "Groceries", amount: 80), Expense(category: "Insurance", amount: 100),
                Expense(category: "Bicycle repair", amount: 20)]
let pie = PieChart(title: "Expenses", expenses, name: \.category, value: \.amount, innerRadius: .ratio(0.5), angularInset: 4, annotations: true)
try Page(charts: [.pie(pie)]).record(to: "expenses.mp4")
