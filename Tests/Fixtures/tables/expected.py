#!/usr/bin/env python3
"""The values the table tests expect, computed with pandas' pivot_table and groupby from the same
CSV files (never with Radial), written to expected.json:

    /tmp/v/bin/python Tests/Fixtures/tables/expected.py      # (the venv of make_fixtures.py)

Each entry names the radial command it checks and the pandas call that gave its numbers.
"""
import json, os
import pandas as pd

here = os.path.dirname(os.path.abspath(__file__))
def read(name, **kw): return pd.read_csv(os.path.join(here, name), **kw)
def rows(frame): return {str(k): [None if pd.isna(v) else round(float(v), 9) for v in frame.loc[k]] for k in frame.index}
out = {}

wind = read("wind.csv")
p = wind.pivot_table(index="strength", columns="direction", values="frequency", aggfunc="sum", sort=False)
out["wind"] = {"command": "wind.csv --type rose --category direction --series strength --value frequency",
               "pandas": "pivot_table(index='strength', columns='direction', values='frequency', aggfunc='sum', sort=False)",
               "categories": list(p.columns), "series": list(p.index), "values": rows(p),
               "totals": [round(float(v), 9) for v in p.sum(axis=0)]}

weather = read("seattle-weather.csv")
weather["month"] = pd.to_datetime(weather["date"]).dt.month
p = weather.pivot_table(index="weather", columns="month", aggfunc="size", fill_value=0, sort=False)
out["weather"] = {"command": "seattle-weather.csv --type radar --category date --bin month --series weather --aggregate count",
                  "pandas": "pivot_table(index='weather', columns=date.dt.month, aggfunc='size', fill_value=0, sort=False)",
                  "categories": [int(c) for c in p.columns], "series": list(p.index), "values": rows(p)}

cars = read("cars.csv")
columns = ["Miles_per_Gallon", "Horsepower", "Weight_in_lbs", "Acceleration", "Displacement"]
p = cars.groupby("Origin", sort=False)[columns].mean()
out["cars"] = {"command": "cars.csv --type radar --series Origin --columns " + ",".join(columns) + " --aggregate mean",
               "pandas": "groupby('Origin', sort=False)[columns].mean()  (NaN skipped)",
               "categories": columns, "series": list(p.index), "values": rows(p),
               "missing": int(cars[columns].isna().sum().sum()),
               "axisMaxima": [round(float(v), 9) for v in p.max(axis=0)]}

barley = read("barley.csv")
p = barley.pivot_table(index="year", columns="variety", values="yield", aggfunc="sum", sort=False)
out["barley"] = {"command": "barley.csv --type rose --facet year --category variety --value yield --aggregate sum",
                 "pandas": "pivot_table(index='year', columns='variety', values='yield', aggfunc='sum', sort=False)",
                 "categories": list(p.columns), "facets": [str(y) for y in p.index], "values": rows(p),
                 "sharedMaximum": round(float(p.max().max()), 9)}

iowa = read("iowa-electricity.csv")
p = iowa.pivot_table(index="year", columns="source", values="net_generation", aggfunc="sum", sort=False)
out["iowa"] = {"command": "iowa-electricity.csv --type donut --frame year --category source --value net_generation",
               "pandas": "pivot_table(index='year', columns='source', values='net_generation', aggfunc='sum', sort=False)",
               "categories": list(p.columns), "frames": [y[:4] for y in p.index], "values": rows(p)}

with open(os.path.join(here, "expected.json"), "w") as f:
    json.dump(out, f, indent=1, ensure_ascii=False)
    f.write("\n")
