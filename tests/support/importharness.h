#pragma once
// Golden importer tests: drives ONE importer over one file into memory — an ImportContext whose writer
// queue is drained into batches, never SQLite, never analysis — and renders the rows as text lines, so a
// test compares them with rows written by hand from the tiny input it wrote.
#include "core/import/discovery.h"
#include "core/import/rankstate.h"
#include "core/model/batch.h"

#include <string>
#include <vector>

namespace rs::test {

struct ImportedRows {
    bool ok = false;                  ///< the importer's result (false: the file could not be read)
    std::string error;                ///< its message when !ok
    int64_t records = 0;              ///< records it counted
    model::Batch rows;                ///< every batch it handed over, merged in order
    std::vector<std::string> strings; ///< the interned strings, by id
    import::RankState rank;           ///< what the file told the rank
    int64_t preScanBytes = 0;         ///< bytes read a second time for the members after the events

    /// Every row, one line each, grouped by kind in a fixed order (track, span, counter, step, kernelstep,
    /// breakdown, commop, tensor, shape, launch, memory, flow, commlink, commgroup, commsource, diag) and in
    /// emission order within a kind:
    ///   track <kind>|<process>|<name>|<pid>|<tid>|<sort>|<spans>|<maxDepth>
    ///   span <lane>|<ts ns>|<dur ns>|<name>|<op type>|<cat>|<depth>
    ///   counter <lane>|<ts ns>|<value>
    ///   step <rank>|<step>|<start ns>|<end ns>|<source>
    ///   kernelstep <step>|<start ns>|<end ns>   (kernel_details' step windows, kept in the RankState)
    ///   breakdown <rank>|<step>|<computing>|<comm not
    ///   overlapped>|<overlapped>|<comm>|<free>|<stage>|<bubble>|<preparing> commop
    ///   <rank>|<step>|<name>|<group>|<start>|<elapse>|<transit>|<wait>|<sync>|<idle>|<bytes> tensor
    ///   <rank>|<id>|<op>|<bytes>|<addr>|<alloc ns>|<free ns>|<alloc step>|<free step>|<device>|<source>
    ///   shape <rank>|<ts>|<dur>|<op type>|<shapes>|<dtypes>
    ///   launch <kernel lane>|<kernel ts>|<collective>|<point-to-point 1/0>|<host op>
    ///   memory <rank>|<ts or - (untimed)>|<component>|<allocated>|<reserved>|<active>
    ///   flow <rank>|<id>|<cat>|<name>|<phase>|<bp: e or empty>|<ts>|<lane>
    ///   commlink <rank>|<step>|<kind>|<op>|<entry>|<sample>|<group>|<src>-<dst>|<global or
    ///   local>|<transport>|
    ///            <bytes>|<time ns>|<op count>|<op names>|<source>|<logical, hccl_raw units or link>
    ///   commgroup <rank>|<group>|<comm name>|<label>|<group rank>|<global ranks>|<source>
    ///   commsource <rank>|<source>|<rows>|<linked>|<note>
    ///   diag <severity>|<what>|<count>|<first offset>
    /// Times and sizes in ns and bytes; an absent optional value is "-"; <lane> is the track's name; a
    /// span's depth is "*" on a track whose spans came out of order (the writer re-nests it).
    std::vector<std::string> lines() const;
    /// Only the lines of one kind ("span", "diag", …), without the kind word.
    std::vector<std::string> lines(const std::string& kind) const;
    std::string str(int32_t id) const {
        return id >= 0 && size_t(id) < strings.size() ? strings[size_t(id)] : "?";
    }
};

/// Imports `path` as `kind` with the importer the rank job runs for it (core/import/rankjob.h
/// importFile), starting from `rank`. `rankHasTraceView` as the rank job computes it (kernel_details
/// rows become spans only without one).
ImportedRows importOne(const std::string& path, import::FileKind kind, import::RankState rank = {},
                       bool rankHasTraceView = true);

/// A fresh SQLite file at `relPath` under a new temp dir tagged `tag`, holding what `sql` creates (a
/// producer's .db export written by hand); returns its path.
std::string makeSqliteFile(const std::string& tag, const std::string& relPath, const std::string& sql);

/// Lines joined with '\n' (for QCOMPARE messages that show the whole difference).
std::string joinLines(const std::vector<std::string>& lines);

} // namespace rs::test
