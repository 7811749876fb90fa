// libFuzzer target: an untrusted Ascend profiler .db (damaged pages, hostile schema, odd column types),
// through the rank job as the indexer runs it.
#include "tests/fuzz/fuzzimport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    rs::fuzz::importOne(rs::import::FileKind::AscendDb, "ascend_pytorch_profiler_0.db", data, size);
    return 0;
}
