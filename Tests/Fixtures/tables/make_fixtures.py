#!/usr/bin/env python3
"""Writes the real public tables the table tests read (issue #33), from the packages that ship them:

    python3 -m venv /tmp/v && /tmp/v/bin/pip install vega_datasets==0.9.0 plotly==7.1.0 pandas
    /tmp/v/bin/python Tests/Fixtures/tables/make_fixtures.py

Sources (each file is the data as published, only converted to CSV where it came as JSON):
- wind.csv: plotly.express.data.wind() (plotly's wind-rose sample: direction, strength, frequency).
- seattle-weather.csv: vega-datasets' seattle-weather.csv (NOAA daily weather, Seattle 2012-2015).
- cars.csv: vega-datasets' cars.json (the StatLib "auto mpg" data set; null cells left empty).
- iowa-electricity.csv: vega-datasets' iowa-electricity.csv (EIA net generation by source, 2001-2017).
- barley.csv: vega-datasets' barley.json (Immer et al. 1934, Minnesota barley yields).
- crimea.csv: vega-datasets' crimea.json (Nightingale's deaths in the Crimean War by month and cause).
"""
import json, os, shutil
import pandas as pd
import plotly.express as px
import vega_datasets

here = os.path.dirname(os.path.abspath(__file__))
vega = os.path.join(os.path.dirname(vega_datasets.__file__), "_data")

px.data.wind().to_csv(os.path.join(here, "wind.csv"), index=False)
shutil.copy(os.path.join(vega, "seattle-weather.csv"), os.path.join(here, "seattle-weather.csv"))
shutil.copy(os.path.join(vega, "iowa-electricity.csv"), os.path.join(here, "iowa-electricity.csv"))
for name in ["cars", "barley", "crimea"]:
    with open(os.path.join(vega, name + ".json")) as f:
        rows = json.load(f)
    frame = pd.DataFrame(rows)
    frame.to_csv(os.path.join(here, name + ".csv"), index=False, float_format="%.10g")
