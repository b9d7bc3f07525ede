"""Measures what `viper explore` covers against time, steered beside random, and draws it.

    python3 Benchmarks/explore_coverage.py [BINARY] [OUT]

runs BINARY (default .build/release/viper) `explore --timeline` over every app twice in one
run, one strategy after the other on the same budget (seed 1, 2000 actions, 90 s per app), and
writes to OUT (default docs/benchmarks): explore-coverage.csv, one row per moment an app's
walk reached a further scene or sent a further event, and explore-coverage.png, a panel per
app with both walks' share of its scenes and events covered against seconds.
"""

import csv
import subprocess
import sys
import tempfile
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # no display: write files only
import matplotlib.pyplot as plt

APPS = ["todo", "accounts", "news", "weather", "flights", "chat"]
STRATEGIES = ["steered", "random"]
BUDGET = ["--seed", "1", "--steps", "2000", "--time-limit", "90"]


def walk(binary, strategy, folder):
    """Explores every app with `strategy`; returns its rows for the CSV."""
    out = folder / strategy
    run = subprocess.run([binary, "explore", "--strategy", strategy, "--timeline", "--out", str(out)] + BUDGET, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit(f"explore --strategy {strategy} failed: {run.stderr}")
    print(run.stdout, end="")
    rows = []
    for app in APPS:
        with open(out / f"{app}-timeline.csv", newline="") as file:
            for row in csv.DictReader(file):
                rows.append({"strategy": strategy, "app": app, **row})
    return rows


def plot(rows, path):
    figure, panels = plt.subplots(2, 3, figsize=(12, 6.4), dpi=100, sharex=True, sharey=True)
    end = max(float(row["seconds"]) for row in rows)
    figure.suptitle("viper explore: scenes reached and events sent, against seconds (seed 1, 2000 actions)")
    for panel, app in zip(panels.flat, APPS):
        for strategy, style in zip(STRATEGIES, ["-", "--"]):
            points = [row for row in rows if row["app"] == app and row["strategy"] == strategy]
            if not points:
                continue
            total = float(points[0]["total"])
            seconds = [float(row["seconds"]) for row in points]
            shares = [100 * float(row["covered"]) / total for row in points]
            panel.step(seconds, shares, style, where="post", label=strategy)
        panel.set_title(app)
        panel.set_xscale("log")
        panel.set_xlim(0.005, end * 1.2)
        panel.set_ylim(0, 105)
        panel.grid(True, alpha=0.3)
    for panel in panels[:, 0]:
        panel.set_ylabel("% covered")
    for panel in panels[1]:
        panel.set_xlabel("seconds")
    panels[0][0].legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/viper"
    out = Path(sys.argv[2] if len(sys.argv) > 2 else "docs/benchmarks")
    with tempfile.TemporaryDirectory() as folder:
        rows = [row for strategy in STRATEGIES for row in walk(binary, strategy, Path(folder))]
    with open(out / "explore-coverage.csv", "w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=["strategy", "app", "seconds", "actions", "covered", "total"])
        writer.writeheader()
        writer.writerows(rows)
    plot(rows, out / "explore-coverage.png")
    for strategy in STRATEGIES:
        for app in APPS:
            points = [row for row in rows if row["app"] == app and row["strategy"] == strategy]
            reached, end = points[-2] if len(points) > 1 else points[-1], points[-1]
            print(
                f"{strategy:8} {app:9} {reached['covered']:>3} of {reached['total']:>3} after {float(reached['seconds']):6.2f} s"
                f" ({reached['actions']} actions); walk {float(end['seconds']):6.2f} s, {end['actions']} actions"
            )


if __name__ == "__main__":
    main()
