#!/usr/bin/env python3
"""Writes the layout corpus: messy pages a new user would bring (long and short labels, 3 to 24
axes, 1 to 12 series, 2 to 60 sectors, tiny slices, RTL, CJK, emoji, every chart kind).
Run it from anywhere; it rewrites the .json files beside it. The corpus test renders each page
at several sizes and text sizes and counts overlapping and escaping text."""
import json, math, os, random

here = os.path.dirname(os.path.abspath(__file__))
random.seed(24)
pages = {}

def radar(axes, series, **kw):
    c = {"type": "radar", "axes": axes, "series": [{"name": n, "values": v} for n, v in series]}
    c.update(kw)
    return c

def pie(sectors, **kw):
    c = {"type": kw.pop("type", "pie"), "sectors": [{"name": n, "value": v} for n, v in sectors]}
    c.update(kw)
    return c

def vals(n, lo=20, hi=95):
    return [random.randint(lo, hi) for _ in range(n)]

skills = ["Swift", "SQL", "Statistics & probability theory", "Visualisation", "Communication", "Testing",
          "DevOps / infrastructure as code", "Domain knowledge"]
pages["team-skills"] = {"title": "Team skills", "subtitle": "Self-assessed, out of 100",
    "charts": [radar(skills, [(p, vals(8)) for p in ["Ana", "Björn", "Chidi", "Dana"]])]}
pages["team-skills-labels"] = {"title": "Team skills with values", "charts": [radar(skills[:6],
    [("Ana", [90, 80, 80, 70, 60, 55]), ("Björn", [60, 85, 40, 75, 90, 30])], valueLabels=True, ringLabels=True)]}
pages["short-side-labels"] = {"charts": [radar(["Speed", "DevOps", "Range", "Comfort", "Statistics", "Design"],
    [("A", vals(6)), ("B", vals(6))], title="Short side labels")]}
pages["three-axes"] = {"charts": [radar(["A", "B", "C"], [("Only", [50, 70, 90])], title="Three axes, one series")]}
pages["twenty-four-axes"] = {"title": "Wind hours by direction", "charts": [radar(
    ["N", "NbE", "NNE", "NEbN", "NE", "NEbE", "ENE", "EbN", "E", "EbS", "ESE", "SEbE", "SE", "SEbS", "SSE", "SbE",
     "S", "SbW", "SSW", "SWbS", "SW", "SWbW", "WSW", "WbS"], [("2024", vals(24, 5, 80)), ("2025", vals(24, 5, 80))])]}
pages["twenty-four-long-axes"] = {"charts": [radar([f"Quality number {i + 1} of the survey" for i in range(24)],
    [("Score", vals(24))], title="Twenty-four long axes")]}
pages["twelve-series"] = {"title": "Twelve models compared", "charts": [radar(["Price", "Battery", "Screen", "Camera", "Weight", "Speed"],
    [(f"Model {chr(65 + i)} {'Pro' if i % 3 == 0 else 'Lite'}", vals(6)) for i in range(12)])]}
pages["sixty-series"] = {"charts": [radar(["One", "Two", "Three", "Four", "Five"],
    [(f"Sensor {i + 1:02d}", vals(5)) for i in range(60)], title="Sixty series")]}
pages["out-of-range"] = {"charts": [radar(["Speed", "Power", "Range", "Comfort", "Price", "Design"],
    [("City", [55, 140, 62, -10, 85, 70]), ("Trail", [80, 92, 120, 50, 45, 82])], title="Above and below the range")]}
pages["missing-values"] = {"charts": [radar(["Speed", "Power", "Range", "Comfort", "Price", "Design"],
    [("City", [55, None, 62, 90, None, 70]), ("Trail", [80, 92, 78, 50, 45, 82])], title="Some values missing")]}
pages["ratings-0-10"] = {"charts": [radar(["Taste", "Price", "Service", "Ambience", "Speed"],
    [("Café A", [8, 6, 9, 7, 5]), ("Café B", [6, 9, 5, 8, 9])], maximum=10, rings=5, title="Ratings out of 10")]}
pages["cjk-radar"] = {"title": "評価", "subtitle": "四つの店舗の比較", "charts": [radar(["味", "価格", "サービス", "雰囲気", "速さ", "清潔さ"],
    [("東京店", vals(6)), ("大阪店", vals(6)), ("名古屋店", vals(6))])]}
pages["arabic-radar"] = {"title": "مقارنة الدراجات", "subtitle": "ستة أشياء مهمة", "charts": [radar(
    ["السرعة", "القوة", "المدى", "الراحة", "السعر", "التصميم"], [("المدينة", vals(6)), ("الجبل", vals(6))])]}
pages["emoji-title"] = {"title": "Our week 🚀🎶 at the café ☕", "subtitle": "Crème brûlée, naïve façade, 日本語 and 🇩🇪",
    "charts": [radar(["Joy 😀", "Focus 🎯", "Sleep 😴", "Music 🎶"], [("Me", [70, 50, 40, 90]), ("You 🙂", [60, 80, 70, 30])])]}
pages["long-series-names"] = {"charts": [radar(["Speed", "Power", "Range", "Comfort", "Price"],
    [("The city commuter with the long name", vals(5)), ("An off-road trail machine for the mountains", vals(5)),
     ("Folding", vals(5))], title="Series with long names")]}

budget = [("Rent", 1150), ("Groceries", 420), ("Transport", 160), ("Utilities", 140), ("Insurance", 95),
          ("Eating out", 120), ("Savings", 300), ("Newspaper subscription", 10), ("Charity", 37)]
pages["household-budget"] = {"title": "Household budget", "charts": [pie(budget, type="donut", title="Where the money goes",
    format={"currency": "USD", "decimals": 0}, annotations=True, total="center", appear="all")]}
pages["euro-donut-de"] = {"title": "Haushaltsbudget", "subtitle": "Monatliche Ausgaben in Euro", "charts": [pie(
    [("Miete", 980), ("Lebensmittel", 410), ("Versicherungen", 180), ("Mobilität", 150), ("Freizeit", 95),
     ("Rundfunkbeitrag", 18.36), ("Spenden", 25)], type="donut", title="Ausgaben", format={"currency": "EUR"},
    annotations=True, total="title")]}
pages["two-sectors"] = {"charts": [pie([("Yes", 62), ("No", 38)], title="Two sectors", annotations=True)]}
pages["sixty-sectors"] = {"charts": [pie([(f"Item {i + 1}", random.randint(1, 40)) for i in range(60)], type="donut",
    title="Sixty sectors", annotations=True, appear="all")]}
pages["tiny-slices"] = {"charts": [pie([("Big", 9000), ("Medium", 800), ("Small", 120), ("Tiny", 8), ("Tinier", 3),
    ("Smallest", 1), ("Speck", 0.5)], title="Tiny slices", annotations=True, appear="all")]}
pages["long-sector-names"] = {"charts": [pie([("Accommodation and lodging for the conference", 540),
    ("Flights between the two offices", 820), ("Meals", 130), ("Local transport including taxis", 95)],
    type="donut", title="A trip with long category names", annotations=True, format={"currency": "GBP"})]}
pages["hebrew-pie"] = {"title": "איזה אופניים?", "charts": [pie([("עירוני", 40), ("שטח", 35), ("מתקפל", 25)],
    title="סקר", annotations=True)]}
pages["arabic-digits-pie"] = {"charts": [pie([("١٢٣٤٥", 50), ("مدرسة", 30), ("بيت", 20)], title="أرقام عربية",
    annotations=True, format={"currency": "EUR"}, total="title")]}
pages["cjk-pie"] = {"title": "支出の内訳", "charts": [pie([("家賃", 80000), ("食費", 45000), ("交通費", 12000), ("光熱費", 15000)],
    type="donut", annotations=True, format={"currency": "JPY"}, total="center")]}

pages["scan-long-labels"] = {"charts": [{"type": "scan", "title": "Contacts with long names", "rings": 3, "spokes": 4,
    "blips": [{"angle": a, "distance": d, "label": l} for a, d, l in [
        (20, 0.8, "Headphones in the living room"), (100, 0.5, "Keys"), (160, 0.9, "The neighbour's cat, probably"),
        (240, 0.3, "Phone"), (300, 0.7, "Bluetooth speaker 🎶"), (330, 0.95, "Laptop")]]}]}

pages["dashboard-mixed"] = {"title": "Operations dashboard", "subtitle": "Everything on one page",
    "charts": [radar(skills, [("Team A", vals(8)), ("Team B", vals(8))], title="Skills"),
               pie(budget, type="donut", title="Budget", annotations=True, format={"currency": "USD"}),
               {"type": "scan", "title": "Sweep", "blips": [{"angle": 40, "distance": 0.6, "label": "Ping"}]},
               pie([("Done", 12), ("Open", 5), ("Blocked", 1)], title="Tickets", annotations=True)]}
pages["six-radars"] = {"title": "Six products", "charts": [radar(["Price", "Battery", "Screen", "Camera", "Weight"],
    [(f"Product {i}", vals(5))], title=f"Product {i} with a rather long card title") for i in range(1, 7)]}
pages["long-title"] = {"title": "A page whose title is far too long to fit on one line at any reasonable window width, as titles of real reports are",
    "subtitle": "And a subtitle that also goes on and on, describing the method, the sample and the caveats in detail",
    "charts": [pie([("Alpha", 3), ("Beta", 2), ("Gamma", 1)], title="A pie with a long title that does not fit either")]}
pages["one-axis-labels-numbers"] = {"charts": [radar(["Revenue (€ millions)", "Margin (%)", "Headcount", "Customer satisfaction (NPS)", "Churn (%)"],
    [("2023", [40, 60, 55, 70, 20]), ("2024", [55, 65, 60, 75, 15])], ringLabels=True, valueLabels=True, title="Numbers on every ring and corner")]}
pages["many-pies"] = {"title": "Regions", "charts": [pie([(n, random.randint(5, 50)) for n in ["North", "South", "East", "West", "Central"]],
    title=t, annotations=True) for t in ["Europe", "Americas", "Asia", "Africa", "Oceania"]]}

pages["legends-beside"] = {"title": "Legends beside the charts", "charts": [
    radar(skills, [(p, vals(8)) for p in ["Ana", "Björn", "Chidi"]], title="Skills", legend="trailing"),
    pie(budget, type="donut", title="Budget", annotations=True, legend="trailing", format={"currency": "USD"})]}
pages["no-legends"] = {"charts": [radar(["Speed", "Power", "Range", "Comfort", "Price"], [("A", vals(5)), ("B", vals(5))], legend="none"),
    pie([("Yes", 3), ("No", 2)], legend=False, annotations=True)]}
# The rest of the radial family (issue #26).
pages["gauges-messy"] = {"title": "Gauges with long words", "charts": [
    {"type": "gauge", "title": "Processor load across every core of the build machine", "label": "Busy right now, averaged", "value": 72,
     "format": {"style": "percent", "decimals": 0}, "threshold": 90,
     "bands": [{"to": 60, "color": "green", "name": "Normal"}, {"to": 85, "color": "orange", "name": "Busy"}, {"to": 100, "color": "red", "name": "Saturated"}]},
    {"type": "gauge", "title": "Disk", "value": 1.4, "max": 1, "unit": "TB", "needle": True},
    {"type": "gauge", "title": "Full turn", "value": 3512.5, "min": 0, "max": 10000, "startAngle": 0, "endAngle": 360, "format": {"currency": "EUR"}},
    {"type": "gauge", "title": "Quarter", "value": 40, "startAngle": -45, "endAngle": 45, "needle": True}]}
pages["rings-long-names"] = {"title": "A week of activity goals", "charts": [{"type": "rings", "title": "Six rings with long names",
    "rings": [{"name": n, "value": v, "goal": g, "unit": u} for n, v, g, u in [
        ("Active energy burned while moving", 780, 500, "kcal"), ("Brisk exercise minutes", 20, 30, "min"),
        ("Hours with a minute of standing", 12, 12, "h"), ("Steps", 14250, 10000, "steps"), ("Mindful minutes", 3, 10, "min"),
        ("Glasses of water", 9, 8, "glasses")]]}]}
pages["rose-thirty-six"] = {"charts": [{"type": "rose", "title": "Thirty-six wedges with long names", "scale": "radius",
    "sectors": [{"name": f"Direction {i * 10}°", "value": random.randint(1, 40)} for i in range(36)]}]}
pages["radial-bars-long"] = {"title": "Progress towards the quarter's objectives", "charts": [{"type": "radialBar", "maximum": 100,
    "format": {"style": "percent", "decimals": 0}, "title": "Objectives",
    "bars": [{"name": n, "value": random.randint(5, 100)} for n in ["Ship the new onboarding flow", "Hire two engineers",
        "Reduce p95 latency", "Write the documentation for the public API", "Migrate the database", "Customer interviews",
        "Accessibility audit", "Localisation into German and Japanese"]]}]}
def tree(depth, width, prefix):
    if depth == 0:
        return []
    return [{"name": f"{prefix} {i + 1} with a longer name", **({"children": tree(depth - 1, width, f"{prefix}.{i + 1}")} if depth > 1 else {"value": random.randint(1, 30)})}
            for i in range(width)]
pages["sunburst-deep"] = {"title": "A deep hierarchy", "charts": [{"type": "sunburst", "title": "Four levels of long names",
    "format": {"currency": "USD", "decimals": 0}, "children": tree(4, 3, "Node")}]}
pages["half-and-nested-donuts"] = {"title": "Halves and layers", "charts": [
    pie([("Conservative and unionist party", 164), ("Social democrats", 121), ("Liberals", 52), ("Greens", 38), ("Left", 28)],
        type="donut", title="Seats in the assembly", startAngle=-90, endAngle=90, sort="descending", annotations=True, appear="all"),
    {"type": "donut", "title": "Budget in two rings", "format": {"currency": "EUR", "decimals": 0}, "layers": [
        [{"name": "Home", "value": 1400}, {"name": "Living", "value": 900}, {"name": "Saving", "value": 500}],
        [{"name": "Rent and service charges", "value": 1150}, {"name": "Energy", "value": 250}, {"name": "Food", "value": 600},
         {"name": "Transport", "value": 300}, {"name": "Pension", "value": 300}, {"name": "Holidays", "value": 200}]]}]}
pages["radar-circle-bands"] = {"charts": [radar(skills[:6], [("Ana", vals(6)), ("Björn", vals(6))], grid="circle", bands=True,
    ringLabels=True, title="A circular grid with bands")]}

# Held-out style pages (issue #32): what a new user brings, every kind on it, in many scripts.
hours = [f"{h:02d}:00" for h in range(24)]
pages["hourly-radar"] = {"title": "Traffic by hour of day", "subtitle": "Cars per hour at the two counters, weekdays",
    "charts": [radar(hours, [("North gate", vals(24, 5, 95)), ("South gate", vals(24, 5, 95))], valueLabels=True)]}
long_axes = ["Overall satisfaction with the customer service", "Time until the first answer arrived",
             "Friendliness of the person on the phone", "Was the problem solved completely?",
             "Likelihood of recommending us to a friend", "Value for money compared with competitors",
             "Ease of finding information on the website"]
pages["long-axis-names"] = {"title": "Customer survey 2025, all regions and channels combined",
    "charts": [radar(long_axes, [("Phone", vals(7)), ("E-mail", vals(7)), ("Chat", vals(7))])]}
lines = ["Rent", "Electricity", "Gas", "Water", "Internet", "Mobile phone", "Streaming service", "Music subscription",
         "Newspaper", "Car insurance", "Home insurance", "Health insurance", "Life insurance", "Car loan", "Fuel",
         "Parking", "Public transport", "Bicycle repair", "Groceries", "Bakery", "Butcher", "Farmers' market", "Coffee",
         "Lunch at work", "Restaurants", "Takeaway", "Clothes", "Shoes", "Haircut", "Pharmacy", "Doctor", "Dentist",
         "Glasses", "Gym", "Swimming pool", "Books", "Games", "Cinema", "Concerts", "Holidays", "Train tickets",
         "Gifts", "Charity", "Pet food", "Vet", "Childcare", "School trips", "Pocket money", "Garden", "Furniture",
         "Kitchen gadgets", "Cleaning", "Laundry", "Bank fees", "Tax adviser", "Savings plan", "Pension", "Emergency fund",
         "Hobbies", "Everything else"]
pages["sixty-budget-lines"] = {"title": "Our household, a year of spending", "subtitle": "Sixty budget lines",
    "charts": [pie([(n, round(random.uniform(4, 60) ** 1.6, 2)) for n in lines], type="donut", annotations=True,
                   format={"currency": "EUR", "decimals": 0}, total="center", appear="all")]}
pages["dashboard-hebrew"] = {"title": "לוח בקרה של הסדנה", "subtitle": "ארבעה תרשימים בעמוד אחד",
    "charts": [radar(["מהירות", "כוח", "טווח", "נוחות", "מחיר", "עיצוב"], [("עירוני", vals(6)), ("שטח", vals(6))], title="השוואת אופניים"),
               pie([("חלקים", 420), ("כלים", 180), ("שכירות", 900), ("קפה", 35)], type="donut", title="הוצאות", annotations=True,
                   format={"currency": "ILS"}, total="center"),
               {"type": "gauge", "title": "עומס", "value": 64, "format": {"style": "percent", "decimals": 0}},
               {"type": "rose", "title": "רוח", "sectors": [{"name": n, "value": random.randint(2, 30)} for n in ["צפון", "מזרח", "דרום", "מערב"]]}]}
pages["scripts-page"] = {"title": "Café crème, 東京, القاهرة 🌍", "subtitle": "Accents, CJK, Arabic and emoji together",
    "charts": [pie([("Crème brûlée", 34), ("Tarte Tatin", 21), ("Œufs à la neige", 12), ("Forêt-noire", 9)], title="Desserts façon grand-mère", annotations=True),
               {"type": "rose", "title": "売上の月別", "sectors": [{"name": f"{m}月", "value": random.randint(5, 40)} for m in range(1, 13)]},
               {"type": "radialBar", "title": "التقدم", "maximum": 100, "bars": [{"name": n, "value": random.randint(20, 95)} for n in ["القراءة", "الجري", "النوم", "الماء"]]},
               {"type": "rings", "title": "Today 🏃‍♀️", "rings": [{"name": "Move 🔥", "value": 420, "goal": 500, "unit": "kcal"},
                                                              {"name": "Exercise 💪", "value": 35, "goal": 30, "unit": "min"},
                                                              {"name": "Stand 🧍", "value": 8, "goal": 12, "unit": "h"}]}]}
pages["every-kind"] = {"title": "Every kind on one page", "charts": [
    radar(["Speed", "Power", "Range", "Comfort", "Price"], [("A", vals(5)), ("B", vals(5))], title="Radar"),
    pie([("Yes", 60), ("No", 30), ("Maybe", 10)], title="Pie", annotations=True),
    pie([("Rent", 900), ("Food", 400), ("Fun", 120), ("Tax", 300)], type="donut", title="Donut", total="center", annotations=True, format={"currency": "USD"}),
    {"type": "scan", "title": "Scan", "blips": [{"angle": 40, "distance": 0.6, "label": "Ping"}, {"angle": 200, "distance": 0.3, "label": "Pong"}]},
    {"type": "gauge", "title": "Gauge", "value": 72, "needle": True},
    {"type": "rings", "title": "Rings", "rings": [{"name": "Move", "value": 300, "goal": 500}, {"name": "Stand", "value": 9, "goal": 12}]},
    {"type": "rose", "title": "Rose", "sectors": [{"name": d, "value": random.randint(3, 30)} for d in ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]]},
    {"type": "radialBar", "title": "Radial bars", "bars": [{"name": n, "value": random.randint(20, 95)} for n in ["Read", "Run", "Sleep"]]},
    {"type": "sunburst", "title": "Sunburst", "children": tree(2, 3, "Team")},
    {"type": "donut", "title": "Nested", "layers": [[{"name": "In", "value": 5}, {"name": "Out", "value": 3}],
                                                    [{"name": "A", "value": 2}, {"name": "B", "value": 3}, {"name": "C", "value": 3}]]},
    {"type": "polar", "title": "Polar", "angleAxis": {"min": 0, "max": 24, "unit": "h"},
     "series": [{"name": "Load", "closed": True, "points": [[h, random.randint(10, 90)] for h in range(24)]}]}]}
months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
pages["rose-24-months"] = {"charts": [{"type": "rose", "title": "Rainfall over two years",
    "sectors": [{"name": f"{m} {y}", "value": random.randint(10, 120)} for y in (2023, 2024) for m in months]}]}
pages["rose-multi-stacked"] = {"title": "Wind by strength", "charts": [{"type": "rose", "stack": "radius", "format": {"unit": "%"},
    "categories": ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"],
    "series": [{"name": f"{a}-{a + 2} m/s", "values": [round(random.uniform(0.1, 2.5), 1) for _ in range(16)]} for a in range(0, 10, 2)]}]}
pages["rose-multi-overlaid"] = {"charts": [{"type": "rose", "title": "Causes of death, overlaid by area", "stack": "none", "scale": "area",
    "categories": months, "series": [{"name": n, "values": [random.randint(5, 300) for _ in months]} for n in
                                     ["Preventable or mitigable diseases", "Wounds", "All other causes"]]}]}
pages["radial-bars-grouped"] = {"charts": [{"type": "radialBar", "title": "Electricity by source, two years", "stack": "group",
    "categories": ["Coal", "Natural gas", "Wind", "Nuclear", "Hydro"],
    "series": [{"name": y, "values": [random.randint(100, 900) for _ in range(5)]} for y in ["2016", "2017"]]}]}
pages["polar-hourly"] = {"title": "Seattle by hour", "subtitle": "Mean temperature for four months",
    "charts": [{"type": "polar", "angleAxis": {"min": 0, "max": 24, "unit": "h"}, "radiusAxis": {"min": 30, "max": 75, "unit": "°F"},
                "series": [{"name": m, "closed": True, "points": [[h, round(40 + 10 * k + 5 * math.sin(h / 24 * 2 * math.pi), 1)] for h in range(24)]}
                           for k, m in enumerate(["January", "April", "July", "October"])]}]}
pages["lone-pie"] = {"title": "Where our time goes", "subtitle": "A week, in hours",
    "charts": [pie([("Sleep", 56), ("Work", 40), ("Commute", 8), ("Cooking", 7), ("Family", 20), ("Reading", 5), ("Sport", 4)], annotations=True)]}
pages["lone-donut"] = {"title": "Our house, 14 November 2025", "subtitle": "Energy used by room",
    "charts": [pie([("Kitchen", 12.4), ("Living room", 8.2), ("Office", 6.1), ("Bathroom", 3.3), ("Bedrooms", 2.0)], type="donut",
                   total="center", format={"unit": "kWh", "decimals": 1}, annotations=True)]}
pages["three-gauges"] = {"title": "Server room", "charts": [
    {"type": "gauge", "title": "Temperature", "value": 23.5, "min": 10, "max": 40, "unit": "°C", "needle": True},
    {"type": "gauge", "title": "Humidity", "value": 48, "format": {"style": "percent", "decimals": 0}, "max": 100},
    {"type": "gauge", "title": "Power draw", "value": 7.2, "max": 12, "unit": "kW",
     "bands": [{"to": 8, "color": "green"}, {"to": 10, "color": "orange"}, {"to": 12, "color": "red"}]}]}
pages["small-multiple-donuts"] = {"title": "Spending by city", "charts": [pie([(n, random.randint(100, 2000)) for n in ["Rent", "Food", "Transport", "Fun"]],
    type="donut", title=c, total="center", format={"currency": "EUR", "decimals": 0}) for c in ["Berlin", "Lisbon", "Warsaw", "Dublin", "Vienna", "Oslo"]]}
pages["pie-small-slices"] = {"charts": [pie([("Housing", 35.1), ("Food", 14.8), ("Transport", 13.2), ("Health", 9.7), ("Leisure", 8.3),
    ("Education", 6.0), ("Clothing", 4.1), ("Communication", 3.2), ("Insurance", 2.2), ("Furniture", 1.9), ("Personal care", 1.4), ("Other", 0.8)],
    title="Consumer spending shares", annotations=True, format={"unit": "%"}, appear="all")]}
pages["pie-trailing-legend"] = {"title": "Slices with the legend beside", "charts": [pie([(n, v) for n, v in [("Housing", 35.1), ("Food", 14.8),
    ("Transport", 13.2), ("Health", 9.7), ("Leisure", 8.3), ("Education", 6.0), ("Clothing", 4.1), ("Communication", 3.2), ("Insurance", 2.2),
    ("Furniture", 1.9), ("Personal care", 1.4), ("Other", 0.8)]], annotations=True, legend="trailing", appear="all", title="Shares")]}
pages["sunburst-departments"] = {"title": "Company budget", "charts": [{"type": "sunburst", "format": {"currency": "USD", "decimals": 0}, "children": [
    {"name": "Engineering", "children": [{"name": "Platform", "value": 420}, {"name": "Mobile", "value": 300}, {"name": "Web", "value": 260},
                                          {"name": "Infrastructure", "value": 180}]},
    {"name": "Healthcare partnerships", "children": [{"name": "Clinics", "value": 210}, {"name": "Research", "value": 190}]},
    {"name": "Marketing", "children": [{"name": "Brand", "value": 120}, {"name": "Events", "value": 80}, {"name": "Online", "value": 150}]},
    {"name": "Operations", "children": [{"name": "Facilities", "value": 90}, {"name": "IT", "value": 70}]}]}]}
pages["new-user-trio"] = {"charts": [radar(["Speed", "Power", "Range", "Comfort", "Price", "Design"], [("Mine", vals(6))], title="My bike"),
    pie([("Rent", 900), ("Food", 400), ("Other", 250)], type="donut", title="Money", total="center", annotations=True),
    {"type": "radialBar", "title": "Goals", "bars": [{"name": "Read", "value": 60}, {"name": "Run", "value": 35}, {"name": "Save", "value": 80}]}]}

for name, page in pages.items():
    with open(os.path.join(here, name + ".json"), "w") as f:
        json.dump(page, f, ensure_ascii=False, indent=1)
        f.write("\n")
print(len(pages), "pages")
