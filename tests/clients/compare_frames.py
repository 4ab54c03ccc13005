#!/usr/bin/env python3
"""Compares two raw video files byte by byte: the frames of an OpenCL filter against ffmpeg's CPU
filter of the same name. Prints what it saw and exits 1 if a limit is passed.

Usage: compare_frames.py A B --width W --height H --bytes-per-pixel N
           [--border PIXELS] [--max-diff D] [--mean-diff M]
Only packed single-plane formats (rgba, gray): pixels within --border of an edge are left out,
where the OpenCL filters' edge rules differ from the CPU filters'.
"""
import argparse
import sys

p = argparse.ArgumentParser()
p.add_argument("a")
p.add_argument("b")
p.add_argument("--width", type=int, required=True)
p.add_argument("--height", type=int, required=True)
p.add_argument("--bytes-per-pixel", type=int, required=True)
p.add_argument("--border", type=int, default=0)
p.add_argument("--max-diff", type=int, default=0)
p.add_argument("--mean-diff", type=float, default=0.0)
o = p.parse_args()

a = open(o.a, "rb").read()
b = open(o.b, "rb").read()
frame = o.width * o.height * o.bytes_per_pixel
if len(a) != len(b) or len(a) == 0 or len(a) % frame:
    print(f"sizes differ or are not whole frames: {len(a)} and {len(b)} bytes")
    sys.exit(1)
worst = total = count = 0
row_bytes = o.width * o.bytes_per_pixel
for f in range(len(a) // frame):
    for y in range(o.border, o.height - o.border):
        start = f * frame + y * row_bytes + o.border * o.bytes_per_pixel
        end = f * frame + (y + 1) * row_bytes - o.border * o.bytes_per_pixel
        for x, z in zip(a[start:end], b[start:end]):
            d = abs(x - z)
            worst = max(worst, d)
            total += d
            count += 1
mean = total / count
print(f"{len(a) // frame} frames, largest difference {worst}, mean {mean:.3f}")
sys.exit(0 if worst <= o.max_diff and mean <= o.mean_diff else 1)
