#!/usr/bin/env python3
"""Every built-in function Clang 15's opencl-c.h declares for what the device reports is defined
in Weft's built-in library, or is one the compiler lowers itself.

Kernels are compiled with Clang's TableGen declarations (-fdeclare-opencl-builtins), which cannot
be listed; opencl-c.h is the same set written out (Clang checks the two against each other), so
its declarations, with their mangled names, stand for what a kernel can call. The device's
extensions and OpenCL C features come from the device itself, through the ICD loader, so a
feature reported before its functions exist fails here.

    builtins_complete.py <clang-15> <llvm-nm> <weft-builtins.bc>
"""

import ctypes
import json
import os
import re
import subprocess
import sys
import tempfile

# Work-item queries, barriers, fences and printf: compiler/passes/Common.h and
# WorkItemFunctions.cpp replace their calls; the library has no body for them.
LOWERED = {
    "_Z13get_global_idj", "_Z15get_global_sizej", "_Z12get_local_idj", "_Z14get_local_sizej",
    "_Z23get_enqueued_local_sizej", "_Z14get_num_groupsj", "_Z12get_group_idj",
    "_Z17get_global_offsetj", "_Z12get_work_dimv", "_Z20get_global_linear_idv",
    "_Z19get_local_linear_idv", "_Z7barrierj", "_Z18work_group_barrierj",
    "_Z18work_group_barrierj12memory_scope", "_Z9mem_fencej", "_Z14read_mem_fencej",
    "_Z15write_mem_fencej", "printf",
}

# opencl-c.h declares atomic_fetch_or, _xor, _and and _min (and their _explicit forms) of an
# atomic_intptr_t with a uintptr_t operand and of an atomic_uintptr_t with an intptr_t one, for
# global and local pointers only. The TableGen declarations have no such overloads: such a call
# is one of the atomic_long or atomic_ulong forms (`_Atomicll`, `_Atomicmm`), which the library
# defines.
OPENCL_C_H_ONLY = re.compile(r"^_Z\d+atomic_fetch_(or|xor|and|min)(_explicit)?PU3AS[13]VU7_Atomic(lm|ml)")

CL_DEVICE_TYPE_ALL = 0xFFFFFFFF
CL_DEVICE_IMAGE_SUPPORT = 0x1016
CL_DEVICE_EXTENSIONS = 0x1030
CL_DEVICE_OPENCL_C_FEATURES = 0x106F


class NameVersion(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("name", ctypes.c_char * 64)]


def device_capabilities():
    """The device's extensions, OpenCL C features and image support, through the ICD loader."""
    cl = ctypes.CDLL("libOpenCL.so.1")
    platform, device = ctypes.c_void_p(), ctypes.c_void_p()
    count = ctypes.c_uint32()
    assert cl.clGetPlatformIDs(1, ctypes.byref(platform), ctypes.byref(count)) == 0 and count.value == 1, \
        "one platform expected (OCL_ICD_VENDORS names the build's weft.icd)"
    assert cl.clGetDeviceIDs(platform, ctypes.c_uint64(CL_DEVICE_TYPE_ALL), 1, ctypes.byref(device), None) == 0

    def info(param):
        size = ctypes.c_size_t()
        assert cl.clGetDeviceInfo(device, param, 0, None, ctypes.byref(size)) == 0
        buffer = ctypes.create_string_buffer(size.value)
        assert cl.clGetDeviceInfo(device, param, size, buffer, None) == 0
        return buffer.raw

    extensions = info(CL_DEVICE_EXTENSIONS).rstrip(b"\0").decode().split()
    raw = info(CL_DEVICE_OPENCL_C_FEATURES)
    features = [f.name.decode() for f in
                (NameVersion * (len(raw) // ctypes.sizeof(NameVersion))).from_buffer_copy(raw)]
    images = ctypes.c_uint32.from_buffer_copy(info(CL_DEVICE_IMAGE_SUPPORT)).value != 0
    return extensions, features, images


def declared(clang, std, names):
    """Mangled name -> (name, type) of every function opencl-c.h declares with `names` reported,
    compiled as compiler/Frontend.cpp compiles kernels but with the header instead of TableGen."""
    resources = subprocess.run([clang, "-print-resource-dir"], check=True, capture_output=True,
                               text=True).stdout.strip()
    with tempfile.TemporaryDirectory() as directory:
        empty = os.path.join(directory, "empty.cl")
        open(empty, "w").close()
        arguments = [clang, "-cc1", "-triple", "x86_64-unknown-linux-gnu", "-target-cpu", "x86-64",
                     "-x", "cl", "-resource-dir", resources, "-internal-isystem", resources + "/include",
                     "-finclude-default-header", "-ffake-address-space-map",
                     "-faddress-space-map-mangling=yes", "-cl-std=" + std,
                     "-cl-ext=-all" + "".join(",+" + n for n in names), "-D__OPENCL_VERSION__=300"]
        arguments += ["-D" + n + "=1" for n in names]
        # Without image support opencl-c.h still declares some image functions, which Clang then
        # rejects: errors, but the dump still holds every other declaration.
        dump = subprocess.run(arguments + ["-fsyntax-only", "-ast-dump=json", empty],
                              capture_output=True, text=True).stdout
    return {d["mangledName"]: (d["name"], d["type"]["qualType"]) for d in json.loads(dump)["inner"]
            if d.get("kind") == "FunctionDecl" and "mangledName" in d}


def main():
    clang, nm, library = sys.argv[1:4]
    extensions, features, images = device_capabilities()
    symbols = subprocess.run([nm, "--defined-only", "--extern-only", library], check=True,
                             capture_output=True, text=True).stdout.split("\n")
    defined = {line.split()[-1] for line in symbols if line.strip()}

    missing = []
    # OpenCL C 3.0 with every extension and feature; 1.2 with the extensions alone (features are
    # 3.0's: with their macros opencl-c.h declares 3.0's functions in 1.2's address spaces).
    for std, names in (("CL3.0", extensions + features), ("CL1.2", extensions)):
        functions = declared(clang, std, names)
        assert len(functions) > 5000, f"{std}: only {len(functions)} declarations read from opencl-c.h"
        for mangled, (name, type) in sorted(functions.items()):
            if mangled in defined or mangled in LOWERED or OPENCL_C_H_ONLY.match(mangled):
                continue
            if not images and "image" in type:
                continue
            missing.append(f"{std}: {mangled}  {name} :: {type}")
        print(f"{std}: {len(functions)} functions declared by opencl-c.h")

    print(f"{len(defined)} functions defined by {library}")
    if missing:
        print(f"{len(missing)} declared functions have no definition:", *missing, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
