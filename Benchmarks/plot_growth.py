"""Draws how the engine's cost grows, from the CSV that bin/growth measures.

    python3 Benchmarks/plot_growth.py docs/benchmarks

reads list-growth.csv (viper-bench --only growth) and session-growth.csv (viper-load --csv)
in that folder and writes list-growth.png and session-growth.png beside them. Axes are
logarithmic: a cost that grows in proportion to N is a straight line of slope one.
"""

import csv
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # no display: write files only
import matplotlib.pyplot as plt


def read_rows(path):
    with open(path, newline="") as file:
        return list(csv.DictReader(file))


def column(rows, name):
    return [float(row[name]) for row in rows]


def two_panels(title):
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2), dpi=100)
    figure.suptitle(title)
    for axes in (left, right):
        axes.set_xscale("log")
        axes.grid(True, which="both", alpha=0.3)
    return figure, left, right


def plot_list(folder):
    rows = read_rows(folder / "list-growth.csv")
    items = column(rows, "items")
    figure, left, right = two_panels("The ToDo list: app.start rendering N ToDos (10 N stored)")
    left.plot(items, column(rows, "render_ms"), marker="o")
    left.set_yscale("log")
    left.set_xlabel("ToDos in the list")
    left.set_ylabel("render, app.start to its response (ms)")
    right.plot(items, column(rows, "peak_mb"), marker="o", color="tab:orange")
    right.set_xlabel("ToDos in the list")
    right.set_ylabel("engine's peak memory (MB)")
    right.set_ylim(bottom=0)
    figure.tight_layout()
    figure.savefig(folder / "list-growth.png")


def plot_sessions(folder):
    rows = read_rows(folder / "session-growth.csv")
    figure, left, right = two_panels("WebSocket sessions on one engine, each sending one event a second")
    sessions = column(rows, "sessions")
    for label in ("p50", "p99", "max"):
        left.plot(sessions, [value / 1000 for value in column(rows, f"{label}_us")], marker="o", label=label)
    left.set_yscale("log")
    left.set_xlabel("sessions")
    left.set_ylabel("round trip (ms)")
    left.legend()
    right.plot(sessions, column(rows, "idle_kb_per_session"), marker="o", color="tab:orange")
    right.set_xlabel("sessions")
    right.set_ylabel("resident memory per idle session (kB)")
    right.set_ylim(bottom=0)
    figure.tight_layout()
    figure.savefig(folder / "session-growth.png")


def main():
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/benchmarks")
    plot_list(folder)
    plot_sessions(folder)
    print(f"wrote {folder / 'list-growth.png'} and {folder / 'session-growth.png'}")


if __name__ == "__main__":
    main()
