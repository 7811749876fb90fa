#pragma once
// How a tensor row is named, and what its record lacks, in words the views show. operator_memory.csv and
// the Ascend .db's OP_MEMORY table name no tensor and record no address: their importers key each row by
// where it is ("om34": line 34 of operator_memory.csv), which the drill-down showed as the tensor's name
// beside a blank address and bank (issue 19, text/level1). Pure functions; any thread.
#include "core/query/analysisqueries.h"

#include <string>

namespace rs::query {

/// The file or table a source's rows come from, as a user finds it in the profile ("operator_memory.csv").
std::string sourceName(const std::string& source);
/// The tensor's id, or where its row is when the source names no tensor: "operator_memory.csv line 34",
/// "OP_MEMORY row 34".
std::string tensorName(const TensorItem& t);
/// Why the row has no address: "none recorded (operator_memory.csv has no address column)"; "" with one.
/// A row whose addressed twin could not be told apart adds so ("…; 2 allocations of its size with an
/// address within 12 µs: ambiguous, none paired").
std::string noAddressText(const TensorItem& t);
/// Why the row has no HBM bank: no address, or no bank model for the rank's addresses; "" with one.
std::string noBankText(const TensorItem& t);

} // namespace rs::query
