#pragma once
// A memory peak no timed row reaches. Rows whose timestamp cannot place them (memory_sample.ts_ns NULL: a
// spreadsheet-rounded "1.69512E+15", model/memoryrows.h) still count in the peaks, which need no time; the
// peak then says so wherever it is shown (report text, JSON, HTML, the memory view's caption): walk 53b's
// test_rank_1 read "4.49 GiB / 8.38 GiB (PTA)" as a measured fact beside a Memory view drawing nothing.
// Runs on the caller's thread with its Db.
#include <cstdint>
#include <string>

namespace rs::index {
class Db;
}

namespace rs::query {

/// How many of rank `rank`'s memory samples of `component` have no usable time (memory_sample.ts_ns NULL).
int64_t untimedSampleRows(index::Db& db, int rank, const std::string& component);

/// What an untimed peak rests on, said after its figures: "from 2 PTA rows without a usable time: when is
/// not known" (`rows` > 0), else "when is not known: no row with a usable time reaches it".
std::string untimedPeakText(int64_t rows, const std::string& component);

} // namespace rs::query
