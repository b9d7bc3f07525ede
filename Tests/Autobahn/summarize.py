"""Summarizes an Autobahn|Testsuite fuzzing-client report (index.json): one line of counts, then
each case whose behaviour is not OK, NON-STRICT or INFORMATIONAL, or whose close is not OK or
INFORMATIONAL. Exits 1 when there is such a case, or no case at all."""

import collections
import json
import sys

PASSING_BEHAVIOR = {"OK", "NON-STRICT", "INFORMATIONAL"}
PASSING_CLOSE = {"OK", "INFORMATIONAL"}


def main(path):
    with open(path) as file:
        agents = json.load(file)
    cases = {case: result for results in agents.values() for case, result in results.items()}
    counts = collections.Counter(result["behavior"] for result in cases.values())
    failed = sorted(
        (case for case, result in cases.items()
         if result["behavior"] not in PASSING_BEHAVIOR or result["behaviorClose"] not in PASSING_CLOSE),
        key=lambda case: [int(part) for part in case.split(".")])
    summary = ", ".join(f"{count} {behavior}" for behavior, count in sorted(counts.items()))
    print(f"autobahn: {len(cases)} cases: {summary}; {len(failed)} failed")
    for case in failed:
        result = cases[case]
        print(f"  {case}: {result['behavior']}, close {result['behaviorClose']} (report {result['reportfile']})")
    return 1 if failed or not cases else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
