#!/usr/bin/env python3
"""Every built-in function Clang 15's opencl-c.h declares for what the device reports can be
called in a kernel, and the call is to a function Weft's built-in library defines, or to one the
compiler lowers itself.

Kernels are compiled with Clang's TableGen declarations (-fdeclare-opencl-builtins), which cannot
be listed; opencl-c.h is the same set written out. So each function the header declares is
called with its own parameter types in a source compiled as compiler/Frontend.cpp compiles
kernels: that must compile (TableGen declares it too), and each function the calls resolve to
must be in the library. The device's extensions and OpenCL C features come from the device,
through the ICD loader, so a feature reported before its functions exist fails here.

The same calls go through SPIR-V as well (the translator writes them, Weft's reader reads them
back): what they resolve to then must be in the library too.

The image functions are checked whether or not the device reports images: the library defines
them for IMAGE_NAMES, which a device with images reports (contracts/ImageAbi.h).

    builtins_complete.py <clang-15> <llvm-nm> <weft-builtins.bc> <weft-spirv-writer> <weft-spirv-reader>
"""

import ctypes
import functools
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

# The image features and extensions builtins/src/images.cl implements.
IMAGE_NAMES = ["__opencl_c_images", "__opencl_c_read_write_images", "__opencl_c_3d_image_writes",
               "cl_khr_depth_images", "cl_khr_3d_image_writes"]

CL_DEVICE_TYPE_ALL = 0xFFFFFFFF
CL_DEVICE_EXTENSIONS = 0x1030
CL_DEVICE_OPENCL_C_FEATURES = 0x106F


class NameVersion(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("name", ctypes.c_char * 64)]


def device_capabilities():
    """The device's extensions and OpenCL C features, through the ICD loader."""
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
    return extensions, features


@functools.cache
def resource_directory(clang):
    return subprocess.run([clang, "-print-resource-dir"], check=True, capture_output=True,
                          text=True).stdout.strip()


def symbols(nm, module, which):
    """The names of module's symbols, `which` an llvm-nm filter (--defined-only, ...)."""
    return set(subprocess.run([nm, "--just-symbol-name", which, module], check=True,
                              capture_output=True, text=True).stdout.split())


def clang_arguments(clang, std, names, spirv=False):
    """compiler/Frontend.cpp's arguments for kernels, with `names` reported, but the source; or
    those of a SPIR-V producer (SPIR's triple and typed pointers, as LLVM 15's translator needs)."""
    resources = resource_directory(clang)
    target = ["-triple", "spir64-unknown-unknown", "-no-opaque-pointers"] if spirv else \
             ["-triple", "x86_64-unknown-linux-gnu", "-target-cpu", "x86-64", "-ffake-address-space-map"]
    return [clang, "-cc1"] + target + [
            "-x", "cl", "-Wno-psabi", "-resource-dir", resources, "-internal-isystem", resources + "/include",
            "-finclude-default-header", "-faddress-space-map-mangling=yes", "-cl-std=" + std,
            "-cl-ext=-all" + "".join(",+" + n for n in names), "-D__OPENCL_VERSION__=300"] + \
           ["-D" + n + "=1" for n in names]


def declared(clang, std, names, directory):
    """(name, parameter types) of each function opencl-c.h declares with `names` reported."""
    empty = os.path.join(directory, "empty.cl")
    open(empty, "w").close()
    dump = subprocess.run(clang_arguments(clang, std, names) + ["-fsyntax-only", "-ast-dump=json", empty],
                          capture_output=True, text=True).stdout
    return [(d["name"], [p["type"]["qualType"] for p in d.get("inner", []) if p.get("kind") == "ParmVarDecl"])
            for d in json.loads(dump)["inner"] if d.get("kind") == "FunctionDecl" and "mangledName" in d]


def argument(index, type):
    """A call's argument: the parameter, or a constant where SPIR-V wants one."""
    if "memory_order" in type:
        return "memory_order_seq_cst"
    if "memory_scope" in type:
        return "memory_scope_work_group"
    if "cl_mem_fence_flags" in type:
        return "CLK_GLOBAL_MEM_FENCE"
    return f"a{index}"


def by_tablegen(name):
    """Whether Clang 15's TableGen declarations declare the function (cl_intel_subgroups' are in
    opencl-c.h only: Weft declares them in compiler/Frontend.cpp's header for the extension)."""
    return not name.startswith("intel_sub_group")


def compile_calls(clang, std, names, functions, directory, spirv=False):
    """Modules of calls of `functions`, each with its own parameter types, compiled with Clang's
    TableGen declarations (as Weft compiles kernels, or as a SPIR-V producer would); those it does
    not declare, with opencl-c.h's."""
    modules = []
    for tablegen in (True, False):
        part = [f for f in functions if by_tablegen(f[0]) == tablegen]
        if not part:
            continue
        source = os.path.join(directory, f"calls{len(modules)}.cl")
        with open(source, "w") as out:
            # half is a type only where the extension is enabled by its pragma (OpenCL C 3.0 §9.1).
            if "cl_khr_fp16" in names:
                out.write("#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n")
            for i, (name, parameters) in enumerate(part):
                typed = ", ".join(f"{t} a{j}" for j, t in enumerate(parameters)) or "void"
                arguments = ", ".join(argument(j, t) for j, t in enumerate(parameters))
                out.write(f"void call{i}({typed}) {{ (void){name}({arguments}); }}\n")
        module = os.path.join(directory, f"calls{len(modules)}.bc")
        # opencl-c.h with 3.0's features in 1.2 declares functions 1.2 rejects (read_write images).
        reported = names if tablegen or std == "CL3.0" else [n for n in names if not n.startswith("__")]
        build = subprocess.run(clang_arguments(clang, std, reported, spirv) +
                               (["-fdeclare-opencl-builtins"] if tablegen else []) +
                               ["-O0", "-emit-llvm-bc", "-o", module, source],
                               capture_output=True, text=True)
        assert build.returncode == 0, f"{std}: a declared function cannot be called:\n{build.stderr[:20000]}"
        modules.append(module)
    return modules


def through_spirv(clang, nm, writer, reader, names, functions, directory):
    """The functions the calls resolve to in a SPIR-V module of them, once Weft's reader
    (compiler/Spirv.cpp) has translated it back to LLVM IR."""
    # SPIR-V 1.0's OpAtomicCompareExchange takes integers: the translator asserts on these; and
    # LLVM 15's translator writes OpAtomicFAddEXT for f32 and f64 only (it asserts on half's), and
    # no atomic operation of half at all.
    functions = [(name, parameters) for name, parameters in functions
                 if not (name.startswith("atomic_compare_exchange") and
                         any("atomic_float" in t or "atomic_double" in t for t in parameters))
                 and not any("atomic_half" in t for t in parameters)]
    called = set()
    for module in compile_calls(clang, "CL3.0", names, functions, directory, spirv=True):
        spirv, back = module + ".spv", module + ".back.bc"
        for step in ([writer, module, spirv], [reader, spirv, back]):
            run = subprocess.run(step, capture_output=True, text=True)
            assert run.returncode == 0, f"{os.path.basename(step[0])}: {run.stderr[:20000]}"
        called |= symbols(nm, back, "--undefined-only")
    return called


def main():
    clang, nm, library, writer, reader = sys.argv[1:6]
    extensions, features = device_capabilities()
    extensions += [n for n in IMAGE_NAMES if n.startswith("cl_") and n not in extensions]
    features += [n for n in IMAGE_NAMES if n.startswith("__") and n not in features]
    defined = symbols(nm, library, "--defined-only") & symbols(nm, library, "--extern-only")

    missing = []
    with tempfile.TemporaryDirectory() as directory:
        # OpenCL C 3.0 with every extension and feature. 1.2's header read with the extensions
        # alone: the features are 3.0's, and with their macros opencl-c.h declares some of 3.0's
        # functions in 1.2's address spaces; the calls are then compiled as Weft compiles 1.2.
        for std, header in (("CL3.0", extensions + features), ("CL1.2", extensions)):
            functions = [(name, parameters) for name, parameters in
                         declared(clang, std, header, directory) if name != "printf"]
            assert len(functions) > 5000, f"{std}: only {len(functions)} declarations read from opencl-c.h"
            targets = set().union(*(symbols(nm, m, "--undefined-only") for m in
                                    compile_calls(clang, std, extensions + features, functions, directory)))
            missing += [f"{std}: {t}" for t in sorted(targets - defined - LOWERED)]
            print(f"{std}: {len(functions)} functions declared by opencl-c.h, {len(targets)} called")
            if std == "CL3.0":
                targets = through_spirv(clang, nm, writer, reader, extensions + features, functions, directory)
                missing += [f"SPIR-V: {t}" for t in sorted(targets - defined - LOWERED)]
                print(f"SPIR-V: {len(targets)} called after the round trip")

    print(f"{len(defined)} functions defined by {library}")
    if missing:
        print(f"{len(missing)} functions called have no definition:", *missing, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
