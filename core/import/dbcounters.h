#pragma once
// The device counters of an Ascend .db export (AICORE_FREQ, NPU_MEM, HBM, LLC, ACC_PMU,
// SOC_BANDWIDTH_LEVEL) as the counter lanes the text export's trace_view.json draws from the same data, so
// both exports of one run show the same lanes: same processes ("AI Core Freq", "NPU MEM", "HBM", "LLC",
// "Acc PMU", "Stars Soc Info"), same lane names ("<C event name>/<arg key>", e.g. "HBM 0/Read/Read(MB/s)")
// and the text export's units: the db's bytes become KB (1024) for NPU MEM and its bytes/s MB/s (1024²)
// for HBM and LLC throughput. LLC hit rates stay the db's percent (85.9), as the lane's "(%)" says: the text
// export writes fractions (0.875) under that name, which its importer scales to percent (fractionpercent.h).
// NPU_MEM's rows are memory samples too (component "APP" / "Device", reserved = DDR + HBM bytes), as the
// text export's memory_record.csv has its APP rows. Times stay the db's ns (the device rows' clock). Rows of
// another device than the rank's, rows without an integer time and values that are not numbers are skipped
// and counted in diagnostics; a table without the columns that key its lanes is skipped with a diagnostic
// naming them. Parser thread; reads the already opened, guarded export; track ids come from `nextTrackId`.
#include "core/import/dbcolumns.h"
#include "core/import/discovery.h"
#include "core/import/importcontext.h"
#include "core/import/rankstate.h"
#include "core/index/sqlite.h"

#include <atomic>
#include <set>
#include <string>
#include <unordered_map>

namespace rs::import {

/// `names` is the export's STRING_IDS (id → value); the HBM/LLC/NPU_MEM type and mode columns are ids
/// into it ("read", "write", "app", "device"). Returns the number of counter points written.
int64_t readDbCounters(index::Db& db, const DbColumns& cols,
                       const std::unordered_map<int64_t, std::string>& names, const RankState& rank,
                       const SourceFile& f, std::atomic<int64_t>& nextTrackId, RowEmitter& out);

/// The tables readDbCounters reads (lower case), for the importer's note of the tables it leaves out.
const std::set<std::string>& dbCounterTables();

} // namespace rs::import
