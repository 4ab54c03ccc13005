# A pytest plugin (`-p weft_pytest_shard`) that runs one shard of a test suite:
# WEFT_PYTEST_SHARD=K/N keeps every N-th collected test, starting at the K-th (1 <= K <= N), so N
# processes started with K = 1..N run each test exactly once. tests/clients/run.sh runs PyOpenCL's
# suite this way, one process per core: a test spends most of its time building kernels on one
# thread. Each shard prints "weft shard K/N: M of T tests" so that the caller can check the counts.
import os

import pytest


def _shard():
    value = os.environ.get("WEFT_PYTEST_SHARD", "1/1")
    try:
        index, count = (int(part) for part in value.split("/"))
    except ValueError:
        index, count = 0, 0
    if not 1 <= index <= count:
        raise pytest.UsageError(f"WEFT_PYTEST_SHARD={value}: want K/N with 1 <= K <= N")
    return index, count


def pytest_collection_modifyitems(config, items):
    index, count = _shard()
    kept = [item for position, item in enumerate(items) if position % count == index - 1]
    deselected = [item for position, item in enumerate(items) if position % count != index - 1]
    config._weft_shard = f"weft shard {index}/{count}: {len(kept)} of {len(items)} tests"
    if deselected:
        config.hook.pytest_deselected(items=deselected)
    items[:] = kept


def pytest_terminal_summary(terminalreporter, config):
    terminalreporter.write_line(getattr(config, "_weft_shard", "weft shard: nothing collected"))
