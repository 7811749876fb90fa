#pragma once
// The words for the communication wait of a job of one rank (world size 1): it waits for nobody, so its
// wait is not a measured 0 but not applicable. One text for the report, the Steps table, Details and the
// status bar (core/query/waitknowledge.h finds those ranks).

namespace rs::model {

constexpr const char* kWaitAloneText = "not applicable (1 rank)";

} // namespace rs::model
