#!/usr/bin/env python3
"""Runs a program (weft-demo) with WEFT_TRACE and checks the timeline it leaves: valid Chrome
trace-event JSON (with or without the closing bracket) holding the tracks and events
runtime/core/Trace.h describes. Then runs it without WEFT_TRACE and checks nothing is written.
Then runs a kernel on a profiled queue (the second program) and checks that its command's slice
carries the profiling stamps and that the API call and work-groups, stamped with the timeline's
own clock, fall where those stamps say.
Usage: check_trace.py <program> <profiled program> <scratch directory>"""
import json
import os
import subprocess
import sys

program, profiled, scratch = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(scratch, exist_ok=True)
path = os.path.join(scratch, "timeline.json")
if os.path.exists(path):
    os.remove(path)
# In the sanitizer builds the demo is instrumented but lacks the test binaries' sanitizer settings
# (tests/SanitizerOptions.cpp), and LeakSanitizer's exit scan may fail there: its result is
# judged by what it prints, not its exit status.
base = dict(os.environ, ASAN_OPTIONS="intercept_tls_get_addr=0:detect_leaks=0")
def demo(env):
    out = subprocess.run([program], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT).stdout
    if b"correct" not in out:
        print("the demo did not run:\n" + out.decode(errors="replace"))
        sys.exit(1)
def load(path):
    text = open(path).read().rstrip()
    assert text.startswith("["), text[:80]
    # The file is written event by event: no closing bracket, a comma after the last event.
    return json.loads(text.rstrip(",") + ("" if text.endswith("]") else "]"))
demo(dict(base, WEFT_TRACE=path))
events = load(path)
failures = []
def expect(condition, what):
    if not condition:
        failures.append(what)

names = {e["tid"]: e["args"]["name"] for e in events if e.get("ph") == "M" and e["name"] == "thread_name"}
expect(any(e.get("ph") == "M" and e["name"] == "process_name" for e in events), "a process name")
queue = [t for t, n in names.items() if n == "queue 1"]
waiting = [t for t, n in names.items() if n == "queue 1 (waiting)"]
workers = [t for t, n in names.items() if n.startswith("worker ")]
apps = [t for t, n in names.items() if n.startswith("application ")]
expect(queue and waiting and workers and apps, "tracks named queue 1, queue 1 (waiting), worker, application: %s" % names)
slices = [e for e in events if e.get("ph") == "X"]
for e in slices:
    expect(e["ts"] > 0 and e["dur"] >= 0 and e["tid"] in names, "a slice with time and a named track: %s" % e)
def some(cat, name, tracks):
    return [e for e in slices if e["cat"] == cat and e["name"] == name and e["tid"] in tracks]
for call in ("clBuildProgram", "clEnqueueNDRangeKernel", "clEnqueueReadBuffer"):
    expect(some("api", call, apps), "the call " + call + " on the application's track")
for command in ("NDRangeKernel vadd", "ReadBuffer"):
    ran = some("command", command, queue)
    expect(ran and all(e["args"]["status"] == 0 for e in ran), "the command " + command + " on queue 1, complete")
expect(some("work-groups", "vadd", workers), "vadd's work-groups on a worker's track")
expect(any(e.get("ph") == "i" and e["cat"] == "build" for e in events), "the build, as an instant event")
kernel = some("command", "NDRangeKernel vadd", queue)[0] if some("command", "NDRangeKernel vadd", queue) else None
if kernel:
    inside = [e for e in some("work-groups", "vadd", workers)
              if e["ts"] >= kernel["ts"] - 1 and e["ts"] + e["dur"] <= kernel["ts"] + kernel["dur"] + 1]
    expect(inside, "vadd's work-groups within its command's slice")

# Off: nothing written.
os.remove(path)
base.pop("WEFT_TRACE", None)
demo(base)
expect(not os.path.exists(path), "no file without WEFT_TRACE")

# A profiled queue: the command's slice is the profiling stamps (nanoseconds, written as
# microseconds to the nanosecond); the API call that enqueued it and its work-groups are stamped by
# the timeline's clock, converted to the same time base. Microseconds of slack for rounding.
path = os.path.join(scratch, "profiled.json")
run = subprocess.run([profiled], env=dict(base, WEFT_TRACE=path), stdout=subprocess.PIPE,
                     stderr=subprocess.STDOUT)
stamps = [line.split() for line in run.stdout.decode(errors="replace").splitlines()
          if line.startswith("profiled ")]
if run.returncode != 0 or not stamps:
    failures.append("the profiled program did not run: " + run.stdout.decode(errors="replace"))
else:
    start, end = int(stamps[0][1]) / 1000, int(stamps[0][2]) / 1000
    events = load(path)
    slices = [e for e in events if e.get("ph") == "X"]
    command = [e for e in slices if e["cat"] == "command" and e["name"] == "NDRangeKernel spin"]
    waiting = [e for e in slices if e["cat"] == "waiting" and e["name"] == "NDRangeKernel spin"]
    call = [e for e in slices if e["cat"] == "api" and e["name"] == "clEnqueueNDRangeKernel"]
    groups = [e for e in slices if e["cat"] == "work-groups" and e["name"] == "spin"]
    expect(command and waiting and call and groups, "the profiled kernel's command, waiting, call and work-groups")
    if command and waiting and call and groups:
        c, w, a = command[0], waiting[0], call[0]
        expect(abs(c["ts"] - start) < 0.002 and abs(c["dur"] - (end - start)) < 0.002,
               "the profiled command's slice %s at its profiling stamps %s-%s" % (c, start, end))
        slack = 1.0
        expect(a["ts"] - slack <= w["ts"] <= a["ts"] + a["dur"] + slack,
               "the command queued (%s) within the call that enqueued it (%s)" % (w, a))
        outside = [g for g in groups
                   if g["ts"] < c["ts"] - slack or g["ts"] + g["dur"] > c["ts"] + c["dur"] + slack]
        expect(not outside, "the work-groups within the profiled command %s: %s" % (c, outside[:3]))

if failures:
    print("timeline check failed:\n  " + "\n  ".join(failures))
    sys.exit(1)
print("timeline: %d events, tracks %s" % (len(events), sorted(names.values())))
