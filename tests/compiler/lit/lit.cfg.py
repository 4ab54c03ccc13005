# lit configuration for Weft's IR tests: each .ll runs `opt` with the WeftPasses plugin and checks
# the result with FileCheck. CMake writes lit.site.cfg.py (the tool paths) into the build tree.
import lit.formats

config.name = "weft-passes"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll"]
config.test_source_root = os.path.dirname(__file__)
# Each ctest test runs lit for one file and passes its own exec root: lit rewrites
# .lit_test_times.txt in the exec root after every run, and parallel runs sharing one read it
# half-written (ValueError in read_test_times, seen in CI).
config.test_exec_root = lit_config.params.get(
    "weft_exec_root", os.path.join(config.weft_binary_dir, "tests", "compiler", "lit"))
config.excludes = ["lit.cfg.py", "lit.site.cfg.py.in"]

# %opt runs LLVM 15's opt with Weft's passes loaded. The vectorization tests name their CPU in the
# input's function attributes ("target-cpu"="x86-64-v3"), so that the checks do not depend on the
# machine.
config.substitutions.append(("%opt", "%s -load-pass-plugin=%s" % (config.opt, config.plugin)))
config.substitutions.append(("FileCheck", config.filecheck))
