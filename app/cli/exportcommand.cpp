#include "app/cli/commands.h"
#include "app/cli/headlessqt.h"
#include "app/cli/profileopener.h"
#include "app/cli/runranks.h"
#include "app/cli/windowexport.h"
#include "app/gui/snapshotexporter.h"
#include "core/model/durationparse.h"
#include "core/model/pathtext.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <cstdio>
#include <cstdlib>

namespace rs::cli {

namespace {

/// --view, --format and --out: what to export, and into which file or folder (one file without --view:
/// the saved view's, read before). False with `rc` set (the message printed) when they do not fit together.
bool outputFrom(Args& a, const std::string& out, gui::ExportRequest& r, int& rc) {
    auto fail = [&](const std::string& msg) {
        rc = usageError("export", msg);
        return false;
    };
    r.view = QString::fromStdString(a.value("view").value_or("all"));
    const QString outPath = QString::fromStdString(out);
    const QString suffix = QFileInfo(outPath).suffix().toLower();
    const bool oneFile = (suffix == "png" || suffix == "svg") && !QFileInfo(outPath).isDir();
    // one file and no --view: the saved view as saved is the one meant (walk 23 #3 read "needs one --view"
    // and did not know what to do), the whole window (its timeline window beside the raised tab). A
    // saved view's "view" is the bottom dock's raised tab, not what the user looked at: a timeline zoomed
    // and saved with the heatmap tab up came out as the heatmap (walk 24 #5)
    if (oneFile && !a.value("view") && r.state) r.view = "window";
    if (r.view != "all" && r.view != "timeline" && r.view != "heatmap" && r.view != "memory" &&
        r.view != "comm" && r.view != "window")
        return fail("--view must be all, timeline, heatmap, memory, comm or window");
    r.format = QString::fromStdString(a.value("format").value_or(suffix == "svg" ? "svg" : "png"));
    if (r.format != "png" && r.format != "svg") return fail("--format must be png or svg");
    if (oneFile) {
        if (r.view == "all")
            return fail("one file (--out " + out +
                        ") holds one view: give --view timeline, heatmap, memory, " +
                        "comm or window, or --out a folder for all of them");
        if (suffix != r.format) return fail("--out's suffix and --format disagree");
        r.outFile = outPath;
    } else {
        r.outDir = outPath;
    }
    return true;
}

/// The size, the time window, the ranks, the selection and a saved view state.
bool windowFrom(Args& a, gui::ExportRequest& r, int& rc) {
    auto fail = [&](const std::string& msg) {
        rc = usageError("export", msg);
        return false;
    };
    r.width = int(a.intValue("width", 0, 200, 16000));
    r.height = int(a.intValue("height", 0, 0, 20000));
    if (r.height > 0 && r.height < 150) return fail("--height must be at least 150");
    r.step = int(a.intValue("step", -1, -1, 1LL << 40));
    if (a.value("run")) r.run = int(a.intValue("run", 0, 0, 1 << 30));
    if (auto s = a.value("scale")) {
        char* end = nullptr;
        r.scale = std::strtod(s->c_str(), &end);
        if (*end || !(r.scale >= 0.25 && r.scale <= 4))
            return fail("--scale must be between 0.25 and 4 (e.g. 2)");
    }
    if (auto s = a.value("range")) {
        auto range = model::parseTimeRange(*s);
        if (!range) return fail("--range needs T0:T1 with units, e.g. 320ms:345ms");
        r.range = *range;
    }
    if (auto s = a.value("ranks")) {
        std::vector<int> ranks;
        if (!parseRankList(*s, ranks)) return fail("--ranks must be a list like 0,3-5");
        r.ranks.insert(ranks.begin(), ranks.end());
    }
    QString err;
    if (auto s = a.value("select")) {
        r.selection = gui::parseSelection(QString::fromStdString(*s), err);
        if (!r.selection) return fail(err.toStdString());
    }
    if (auto s = a.value("state")) {
        r.state = gui::readViewState(QString::fromStdString(*s), err);
        if (!r.state) {
            std::fprintf(stderr, "rankscope: export: %s\n", err.toLocal8Bit().constData());
            rc = 1;
            return false;
        }
    }
    return true;
}

/// Whether the profile DIR given is the one the saved view `state` was made on (gui::viewStateIsOf).
/// Another existing profile was mixed in: the window was the view's profile, a single view DIR with the
/// view's time window and ranks (walk 27 house check).
bool sameProfileAsState(const std::string& profile, const std::optional<gui::ViewState>& state) {
    return !state || gui::viewStateIsOf(*state, QString::fromStdString(profile));
}

} // namespace

int runExport(const ArgList& argv) {
    auto vo = indexValueOptions();
    for (const char* o : {"out", "view", "format", "width", "height", "step", "range", "ranks", "select",
                          "scale", "state", "run"})
        vo.insert(o);
    Args a(argv, vo, indexFlags({"quiet", "no-annotations", "flows", "counters"}), {"ranks"});
    if (!a.ok()) return usageError("export", a.error());
    if (a.positional().size() > 1) return usageError("export", "export takes one profile DIR");
    auto out = a.value("out");
    if (!out) return usageError("export", "export needs --out FILE or FOLDER");
    gui::ExportRequest r;
    int rc = 0;
    if (!windowFrom(a, r, rc) || !outputFrom(a, *out, r, rc)) return rc; // the state first: its view
    r.annotations = !a.flag("no-annotations");
    r.windowFlows = a.flag("flows");
    r.counters = a.flag("counters");
    if (!a.ok()) return usageError("export", a.error());
    std::string profile = a.positional().empty() ? std::string() : a.positional()[0];
    if (profile.empty() && r.state) profile = r.state->profile.toStdString();
    if (profile.empty()) return usageError("export", "export needs a profile DIR (or --state naming one)");
    if (!sameProfileAsState(profile, r.state))
        return usageError("export", "the saved view " + *a.value("state") + " is of " +
                                        r.state->profile.toStdString() + ", not " + profile +
                                        ": give that folder, or --state alone");
    pipeline::BuildOptions opts;
    std::string error;
    if (!indexOptionsFrom(a, profile, opts, error)) return usageError("export", error);
    auto res = openProfile(profile, opts, a.flag("quiet"));
    if (!res.ok) return 1;
    if (r.run) {
        index::Db db(res.dbPath, true);
        if (!requireRun(db, "export", *r.run)) return 1;
    }
    r.dbPath = QString::fromStdString(res.dbPath);
    r.profile = QString::fromStdString(model::shownPath(profile));
    useHeadlessQt();
    int qargc = 1;
    char name[] = "rankscope";
    char* qargv[] = {name, nullptr};
    QApplication app(qargc, qargv);
    if (r.view == "window") {
        const QString dir = r.outFile.isEmpty() ? r.outDir : QFileInfo(r.outFile).absolutePath();
        if (!QDir().mkpath(dir)) {
            std::fprintf(stderr, "rankscope: export: cannot create %s\n", dir.toLocal8Bit().constData());
            return 1;
        }
        return exportWindow(r,
                            r.outFile.isEmpty() ? QDir(r.outDir).filePath("window." + r.format) : r.outFile);
    }
    QString err;
    QStringList skipped, notes;
    QStringList files = gui::exportSnapshots(r, err, &skipped, &notes);
    for (const auto& n : notes) // on stderr, as stats says a rank it leaves out of a step
        std::fprintf(stderr, "rankscope export: %s\n", n.toLocal8Bit().constData());
    for (const auto& f : files)
        std::printf("%s\n", f.toLocal8Bit().constData());
    for (const auto& s : skipped) // on stdout with the files: what the set holds, and what it leaves out
        std::printf("not written: %s\n", s.toLocal8Bit().constData());
    if (!err.isEmpty()) {
        std::fprintf(stderr, "rankscope: export failed: %s\n", err.toLocal8Bit().constData());
        return 1;
    }
    return 0;
}

} // namespace rs::cli
