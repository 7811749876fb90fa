#include "app/cli/commands.h"
#include "app/cli/profileopener.h"
#include "app/cli/recordsource.h"

#include <cstdio>
#include <fstream>

namespace rs::cli {

int runBaseline(const ArgList& argv) {
    auto vo = indexValueOptions();
    vo.insert({"out", "append", "label", "run"});
    Args a(argv, vo, indexFlags({"quiet"}));
    if (!a.ok()) return usageError("baseline", a.error());
    if (a.positional().size() != 1) return usageError("baseline", "baseline needs exactly one profile DIR");
    const auto out = a.value("out"), append = a.value("append");
    if (!out && !append)
        return usageError("baseline",
                          "say where the record goes: --out FILE.json and/or --append FILE.jsonl");
    std::optional<int> run;
    if (a.value("run")) run = int(a.intValue("run", 0, 0, 1 << 30));
    if (!a.ok()) return usageError("baseline", a.error());
    compare::BuiltRecord built;
    std::string error;
    if (!loadRecord(a.positional()[0], a, run, a.flag("quiet"), built, error)) {
        std::fprintf(stderr, "rankscope baseline: %s\n", error.c_str());
        return 1;
    }
    built.record.label = a.value("label").value_or("");
    for (const auto& n : built.notes)
        std::fprintf(stderr, "baseline: %s\n", n.c_str());
    if (out) {
        std::ofstream f(*out, std::ios::trunc);
        f << compare::toJson(built.record) << "\n";
        if (!f.flush()) {
            std::fprintf(stderr, "rankscope baseline: cannot write %s\n", out->c_str());
            return 1;
        }
    }
    if (append) { // one record per line: a team keeps its history in a repository
        std::ofstream f(*append, std::ios::app);
        f << compare::toJson(built.record, -1) << "\n";
        if (!f.flush()) {
            std::fprintf(stderr, "rankscope baseline: cannot append to %s\n", append->c_str());
            return 1;
        }
    }
    if (!a.flag("quiet"))
        std::fprintf(stderr, "baseline: run %d, %zu ranks, %lld steady steps, %zu op types -> %s\n",
                     built.record.run, built.record.ranks.size(),
                     static_cast<long long>(built.record.step.steps), built.record.ops.size(),
                     (out ? *out : *append).c_str());
    return 0;
}

} // namespace rs::cli
