// libFuzzer target: communication.json (per-step collective timings), communication_matrix.json and
// profiler_info_<r>.json and profiler_metadata.json (labels), through the rank job as the indexer runs it.
// The first byte picks the kind.
#include "tests/fuzz/fuzzimport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    using rs::import::FileKind;
    switch (data[0] % 4) {
    case 0:
        rs::fuzz::importOne(FileKind::Communication, "communication.json", data + 1, size - 1);
        break;
    case 1:
        rs::fuzz::importOne(FileKind::CommMatrix, "communication_matrix.json", data + 1, size - 1);
        break;
    case 3:
        rs::fuzz::importOne(FileKind::AscendMetadata, "profiler_metadata.json", data + 1, size - 1);
        break;
    default:
        rs::fuzz::importOne(FileKind::AscendInfo, "profiler_info_0.json", data + 1, size - 1);
        break;
    }
    return 0;
}
