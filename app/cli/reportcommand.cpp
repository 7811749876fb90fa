#include "app/cli/commands.h"
#include "app/cli/headlessqt.h"
#include "app/cli/profileopener.h"
#include "app/cli/runranks.h"
#include "app/gui/reportdocument.h"
#include "core/model/pathtext.h"
#include "core/query/presentedranks.h"
#include "core/query/report.h"
#include "core/query/shardlanes.h"

#include <QApplication>
#include <cstdio>

namespace rs::cli {

namespace {
/// The report with its pictures, as one HTML file and/or Markdown with the pictures beside it.
int writeDocuments(const pipeline::BuildResult& res, const std::string& profile, int top,
                   std::optional<int> run, const std::optional<std::string>& html,
                   const std::optional<std::string>& markdown) {
    useHeadlessQt();
    int qargc = 1;
    char name[] = "rankscope";
    char* qargv[] = {name, nullptr};
    QApplication app(qargc, qargv);
    gui::ReportRequest r;
    r.dbPath = QString::fromStdString(res.dbPath);
    r.profile = QString::fromStdString(model::shownPath(profile)); // "./cand" as "/tmp/x/cand"
    r.top = top;
    r.run = run;
    gui::ReportDocument doc;
    try {
        doc = gui::buildReportDocument(r);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "rankscope: report: %s\n", e.what());
        return 1;
    }
    QString error;
    if (html && !gui::writeHtmlReport(doc, QString::fromStdString(*html), error)) {
        std::fprintf(stderr, "rankscope: report: %s\n", error.toLocal8Bit().constData());
        return 1;
    }
    if (html) std::printf("%s\n", html->c_str());
    if (markdown && !gui::writeMarkdownReport(doc, QString::fromStdString(*markdown), error)) {
        std::fprintf(stderr, "rankscope: report: %s\n", error.toLocal8Bit().constData());
        return 1;
    }
    if (markdown) std::printf("%s\n", markdown->c_str());
    return 0;
}
} // namespace

int runReport(const ArgList& argv) {
    auto vo = indexValueOptions();
    vo.insert({"top", "html", "markdown", "run"});
    Args a(argv, vo, indexFlags({"json", "quiet"}));
    if (!a.ok()) return usageError("report", a.error());
    if (a.positional().size() != 1) return usageError("report", "report needs exactly one profile DIR");
    int top = int(a.intValue("top", 10, 1, 100000));
    std::optional<int> run;
    if (a.value("run")) run = int(a.intValue("run", 0, 0, 1 << 30));
    if (!a.ok()) return usageError("report", a.error());
    const auto html = a.value("html"), markdown = a.value("markdown");
    if ((html || markdown) && a.flag("json"))
        return usageError("report", "--json prints to stdout; --html/--markdown write files: choose one");
    pipeline::BuildOptions opts;
    std::string error;
    if (!indexOptionsFrom(a, a.positional()[0], opts, error)) return usageError("report", error);
    auto res = openProfile(a.positional()[0], opts, a.flag("quiet") || a.flag("json"));
    if (!res.ok) return 1;
    index::Db db(res.dbPath, true);
    if (run && !requireRun(db, "report", *run)) return 1;
    if (html || markdown) return writeDocuments(res, a.positional()[0], top, run, html, markdown);
    auto r = query::buildReport(db, top);
    if (run) r = query::runReport(db, std::move(r), *run); // what the app shows beside that run
    if (r.contains("cluster")) // the shards as they are now (the merge recorded those missing then)
        r["cluster"]["unreadable"] = query::ShardLanes::shardProblems(db, res.dbPath);
    if (a.flag("json")) {
        // a folder of runs: every rank by its number and run, not the index's key (presentedranks.h)
        query::presentRunRanks(r, query::runRankOfKeys(r.value("runs", nlohmann::json::array())));
        std::printf("%s\n", r.dump(2, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
    } else
        std::printf("%s", query::formatReport(r, top).c_str());
    return 0;
}

} // namespace rs::cli
