#include "app/gui/reportdocument.h"
#include "core/query/untimedpeak.h"

#include "app/gui/exportscene.h"
#include "app/gui/finding.h"
#include "app/gui/findingnavigator.h"
#include "app/gui/reportsummaryblocks.h"
#include "core/annotate/annotation.h"
#include "core/model/findingtext.h"
#include "core/model/timetext.h"
#include "core/model/typicalstep.h"
#include "core/query/absentwaits.h"
#include "core/query/lastarrivals.h"
#include "core/query/nofindings.h"
#include "core/query/producersummary.h"
#include "core/query/ranksummary.h"
#include "core/query/report.h"
#include "core/query/reportoutliers.h"
#include "core/query/reportranks.h"
#include "core/query/reportsummary.h"
#include "core/query/uncollectedcalls.h"
#include "views/annotate/annotationmodel.h"
#include "views/common/interactionstate.h"
#include "views/common/plural.h"
#include "views/common/timemapping.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace rs::gui {

namespace {

QString s(const std::string& v) {
    return QString::fromStdString(v);
}
QString dur(int64_t ns) {
    return QString::fromStdString(model::formatDuration(ns));
}

ReportBlock heading(const QString& t, int level = 2) {
    ReportBlock b;
    b.kind = ReportBlock::Kind::Heading;
    b.text = t;
    b.level = level;
    return b;
}
ReportBlock para(const QString& t, ReportBlock::Kind k = ReportBlock::Kind::Paragraph) {
    ReportBlock b;
    b.kind = k;
    b.text = t;
    return b;
}
ReportBlock picture(QImage img, const QString& caption, const QString& name) {
    ReportBlock b;
    b.kind = ReportBlock::Kind::Image;
    b.image = std::move(img);
    b.text = caption;
    b.imageName = name;
    return b;
}

class Builder {
  public:
    Builder(const ReportRequest& r) : m_r(r), m_scene(r.dbPath, r.profile, r.run) {
        m_report = nlohmann::json::parse(m_scene.summary().reportJson, nullptr, false);
        m_defaultMemoryRank = m_scene.memoryRank();
        m_many = query::summarisesRanks(m_report["ranks"].size());
        if (m_many) pickPictureRanks();
    }
    ReportDocument build() {
        m_doc.title = QObject::tr("Rankscope report — %1").arg(m_r.profile);
        overview();
        findings();
        steps();
        perRank();
        memory();
        producerSummary();
        annotations();
        diagnostics();
        return std::move(m_doc);
    }

  private:
    void add(ReportBlock b) { m_doc.blocks.push_back(std::move(b)); }
    void add(std::vector<ReportBlock> bs) {
        for (auto& b : bs)
            add(std::move(b));
    }

    /// Many ranks: the overview pictures show the outlying ranks and a typical one, not the first few (one
    /// lane group per rank of 256 does not read), and the heatmap the same columns.
    void pickPictureRanks() {
        const query::PictureRanks picture = query::pictureRanks(m_report);
        m_outlying = picture.outlying;
        m_typical = picture.typical;
        std::vector<int> columns(m_outlying.begin(), m_outlying.end());
        if (m_typical >= 0) columns.push_back(int(m_typical));
        std::sort(columns.begin(), columns.end());
        m_scene.setHeatmapRanks(columns);
    }
    static QString rankList(const std::vector<int64_t>& ranks) {
        QStringList l;
        for (int64_t r : ranks)
            l << QString::number(r);
        return l.join(", ");
    }
    /// "the outlying ranks 3, 5, 6 and rank 0, a typical one, of 256".
    QString pictureRanksText() const {
        QString t = m_outlying.empty()
                        ? QString()
                        : QObject::tr("the outlying %1 %2")
                              .arg(m_outlying.size() == 1 ? QObject::tr("rank") : QObject::tr("ranks"))
                              .arg(rankList(m_outlying));
        if (m_typical >= 0)
            t += (t.isEmpty() ? QString() : QObject::tr(" and ")) +
                 QObject::tr("rank %1, a typical one (its median step is the ranks' median)").arg(m_typical);
        return t + QObject::tr(", of %1 ranks").arg(m_report["ranks"].size());
    }
    void reset() {
        m_scene.setRanks({});
        m_scene.state().fit();
        m_scene.setSelection({});
        m_scene.setMemoryRank(m_defaultMemoryRank);
    }
    QImage shot(const QString& view) { return m_scene.image(view, m_r.width, 0, 1); }

    void overview() {
        const auto& c = m_report["counts"];
        const auto& sum = m_scene.summary();
        const auto n = [](int64_t v, const char* one, const char* many) {
            return views::counted(v, QObject::tr(one), QObject::tr(many));
        };
        if (m_report.contains("cluster")) // a cluster index counts no span or tensor: they stay in its shards
            add(para(
                QObject::tr("%1, %2, %3 · cluster index of %4: spans, tensors and memory samples stay in "
                            "the shards · Rankscope %5")
                    .arg(n(int64_t(m_report["ranks"].size()), "rank", "ranks"),
                         QString::fromStdString(query::stepCountText(m_report["steps"])),
                         n(c["collectives"].get<int64_t>(), "collective", "collectives"),
                         n(m_report["cluster"]["shards"].get<int64_t>(), "shard", "shards"),
                         RANKSCOPE_VERSION)));
        else
            add(para(QObject::tr("%1, %2, %3, %4, %5 · Rankscope %6")
                         .arg(n(int64_t(m_report["ranks"].size()), "rank", "ranks"),
                              QString::fromStdString(query::stepCountText(m_report["steps"])),
                              n(c["spans"].get<int64_t>(), "span", "spans"),
                              n(c["collectives"].get<int64_t>(), "collective", "collectives") +
                                  QString::fromStdString(query::uncollectedCallsText(c)),
                              n(c["tensors"].get<int64_t>(), "tensor", "tensors"), RANKSCOPE_VERSION)));
        if (sum.runs.size() > 1) {
            const QString why = sum.runWhy.empty() ? QObject::tr("as chosen") : s(sum.runWhy);
            add(para(
                QObject::tr(
                    "This folder holds %1 runs; nothing is matched or compared across them. The pictures "
                    "show run %2 (%3); findings of other runs are listed without pictures.")
                    .arg(sum.runs.size())
                    .arg(sum.run)
                    .arg(why),
                ReportBlock::Kind::Note));
        }
        for (const auto& run : m_report["runs"]) { // what the files say about each run: card, framework, …
            if (run["labels"].empty()) continue;
            QStringList l;
            for (const auto& [k, v] : run["labels"].items())
                l << s(k) + " " + s(v.get<std::string>());
            add(para(QObject::tr("Run %1: %2").arg(run["run"].get<int64_t>()).arg(l.join(" · "))));
        }
        for (const auto& n : sum.notes)
            add(para(s(n), ReportBlock::Kind::Note));
        // the job's ranks that are not here, named, so that no table below reads as if they were idle
        if (const auto missing = query::missingRanks(m_report); !missing.empty())
            add(para(
                QObject::tr("Missing: %1 of the job (%2); the figures below are of the ranks present.")
                    .arg(views::counted(qint64(missing.size()), QObject::tr("rank"), QObject::tr("ranks")))
                    .arg(s(query::rankRanges(missing))),
                ReportBlock::Kind::Note));
        overviewPictures();
    }

    /// The whole run and the heatmap, so the report shows the data even when it finds nothing.
    void overviewPictures() {
        const auto& ranks = m_scene.summary().ranks;
        if (ranks.empty()) return;
        reset();
        if (m_many) return manyRanksOverview();
        constexpr size_t kMost = 8; // more lanes than this do not read at a report's width
        std::set<int> shown(ranks.begin(), ranks.begin() + std::ptrdiff_t(std::min(ranks.size(), kMost)));
        m_scene.setRanks(ranks.size() > kMost ? shown : std::set<int>{});
        add(picture(shot("timeline"),
                    ranks.size() > kMost
                        ? QObject::tr("The whole run, the first %1 of %2 ranks.").arg(kMost).arg(ranks.size())
                        : QObject::tr("The whole run."),
                    "overview-timeline.png"));
        reset();
        addHeatmap(QObject::tr("Op type × rank."),
                   QObject::tr("Op type × rank: each op type's kernels on a rank against the same kernels' "
                               "median over the ranks (a ratio of times: Σ count × the rank's median of each "
                               "kernel name, against Σ count × the ranks' median of that name)."));
    }

    /// The overview's heatmap picture, or why there is none: an empty grid was embedded where `export
    /// --view all` said "not written" (walk 20b, cluster_propose). Captioned `grid` (what it is), or
    /// `ratio` (what its ratio is) when it is coloured by the ratio, then as the view words it: a one-rank
    /// picture in total time was captioned with the ratio (issue 19).
    void addHeatmap(const QString& grid, const QString& ratio) {
        if (const QString why = m_scene.nothingToDraw("heatmap"); !why.isEmpty()) {
            add(para(QObject::tr("No op heatmap: %1.").arg(why), ReportBlock::Kind::Note));
            return;
        }
        const QString caption = (m_scene.heatmapInRatios() ? ratio : grid) + " " + m_scene.heatmapCaption();
        // a grid of hatches only compares nothing: said under it (walk 21: a level1 copy with rank 1's
        // trace cut before its kernels embedded one, captioned as a comparison); a grid in total time has
        // no hatch, its caption says why it has no ratio
        add(picture(shot("heatmap"),
                    m_scene.heatmapCompares() || !m_scene.heatmapInRatios()
                        ? caption
                        : caption +
                              QObject::tr(" No cell could be compared: no kernel name was run by two "
                                          "ranks here (hatched), or a rank's files were cut before them."),
                    "overview-heatmap.png"));
    }

    void manyRanksOverview() {
        std::set<int> shown(m_outlying.begin(), m_outlying.end());
        if (m_typical >= 0) shown.insert(int(m_typical));
        m_scene.setRanks(shown);
        add(picture(shot("timeline"), QObject::tr("The whole run on %1.").arg(pictureRanksText()),
                    "overview-timeline.png"));
        reset();
        addHeatmap(
            QObject::tr("Op type × rank on %1.").arg(pictureRanksText()),
            QObject::tr("Op type × rank on %1: each op type's kernel time on a rank against its median "
                        "over every rank.")
                .arg(pictureRanksText()));
    }

    /// "Rank 5 and 3 of the 7 ranks that waited for it (0, 1, 2), …": the picture shows a few of the
    /// waiting ranks, and says so (walk 11: "ranks that waited" beside 3 of 7).
    QString timelineCaption(const Finding& f, const std::set<int>& shown, const QString& extent) const {
        const int rank = shownRank(f.rank.value_or(-1));
        if (f.waitingRanks.empty())
            return QObject::tr("Rank %1 around the finding (%2).").arg(rank).arg(extent);
        if (f.kind == model::FindingKind::PipelineWait) { // the ranks shown all wait: nobody waits for them
            QStringList ranks;
            for (int r : shown)
                ranks << QString::number(shownRank(r));
            // the receive the finding points at: the longest wait of the rank that waited most, counted
            // from when every rank had begun the step ("its longest wait" beside another rank's longer one
            // read as the longest of all, walk 20b on cluster_propose)
            return QObject::tr(
                       "Ranks %1 (of the %2 that wait in pipeline receives), around rank %3's longest "
                       "wait counted in a step (%4): the finding counts each wait from when every rank had "
                       "begun its step, and by that count rank %3 waited longest.")
                .arg(ranks.join(", "))
                .arg(f.waitingRanks.size())
                .arg(rank)
                .arg(extent);
        }
        QStringList waiting;
        for (int r : shown)
            if (r != f.rank.value_or(-1) &&
                std::find(f.waitingRanks.begin(), f.waitingRanks.end(), r) != f.waitingRanks.end())
                waiting << QString::number(shownRank(r));
        if (waiting.size() >= qsizetype(f.waitingRanks.size()))
            return QObject::tr("Rank %1 and the ranks that waited for it, around the finding (%2).")
                .arg(rank)
                .arg(extent);
        return QObject::tr("Rank %1 and %2 of the %3 ranks that waited for it (%4), around the finding (%5).")
            .arg(rank)
            .arg(waiting.size())
            .arg(f.waitingRanks.size())
            .arg(waiting.join(", "), extent);
    }

    /// A rank key as the lanes and the report's text name it (run 1's key 10001 is its rank 1: walk 29 read
    /// "Rank 10001 and the ranks that waited for it" under run 1's picture).
    int shownRank(int key) const { return key < 0 ? key : m_scene.summary().shownRank(key); }

    void findingPictures(const Finding& f, int index) {
        // where the finding points is the navigator's rule, as in the app; the pictures frame it
        const FindingTarget t = FindingNavigator::targetOf(f, &m_scene.summary());
        const int rank = f.rank.value_or(-1);
        const QString tag = QString("finding-%1").arg(index);
        reset();
        if (t.panel == FindingTarget::Panel::Memory && rank >= 0) {
            m_scene.setMemoryRank(rank);
            add(picture(shot("memory"),
                        QObject::tr("The memory map of rank %1: the misplaced buffers are outlined.")
                            .arg(shownRank(rank)),
                        tag + "-memory.png"));
            return;
        }
        if (t.panel == FindingTarget::Panel::Communication && f.link) {
            if (m_many) { // a rank × rank grid of hundreds of ranks is thousands of px: unreadable, and heavy
                add(para(QObject::tr("The communication matrix is too large to picture here; the app's "
                                     "Communication tab outlines link %1→%2.")
                             .arg(f.link->src)
                             .arg(f.link->dst)));
                return;
            }
            m_scene.setSelection(t.selection);
            add(picture(shot("comm"),
                        QObject::tr("The communication matrix: link %1→%2 is outlined.")
                            .arg(f.link->src)
                            .arg(f.link->dst),
                        tag + "-comm.png"));
            return;
        }
        // an op type's cell shows on the timeline as that op's spans on the rank, else the finding's own
        // selection (the culprit collective, the outlier step)
        views::Selection cell;
        cell.kind = views::Selection::Kind::OpType;
        cell.opType = t.cellOps.value(0);
        cell.moreOpTypes.assign(t.cellOps.begin() + std::min<qsizetype>(1, t.cellOps.size()),
                                t.cellOps.end());
        cell.rank = t.cellRank;
        if (t.extent) {
            const auto [a, b] = *t.extent;
            const int64_t pad = std::max<int64_t>((b - a) / 8, 100000);
            // the culprit and a few of the ranks that waited for it: enough to see the wait, small enough to
            // read
            std::set<int> ranks;
            for (int r : t.ranks)
                if (ranks.size() < 4) ranks.insert(r);
            m_scene.setRanks(ranks);
            m_scene.setWindow(a - pad, b + pad);
            m_scene.setSelection(t.cellOps.isEmpty() ? t.selection : cell);
            // the finding's own extent and the picture's padded window both named (walk 38: "around the
            // finding (4.89 ms)" under a picture whose ruler spans 6.11 ms)
            const QString extent =
                QObject::tr("%1, in a window of %2").arg(dur(b - a)).arg(dur(b - a + 2 * pad));
            add(picture(shot("timeline"), timelineCaption(f, ranks, extent), tag + "-timeline.png"));
        }
        if (!t.cellOps.isEmpty()) {
            reset();
            m_scene.setSelection(cell);
            const QString ops =
                t.cellOps.size() == 1
                    ? t.cellOps.front()
                    : QObject::tr("%1 and %2")
                          .arg(t.cellOps.mid(0, t.cellOps.size() - 1).join(", "), t.cellOps.back());
            add(picture(shot("heatmap"),
                        (t.cellOps.size() == 1
                             ? QObject::tr("The op heatmap: %1 on rank %2 is highlighted.")
                             : QObject::tr("The op heatmap: %1 on rank %2 are highlighted."))
                            .arg(ops)
                            .arg(shownRank(t.cellRank)),
                        tag + "-heatmap.png"));
        }
    }

    /// The waits of incomplete runs nobody can be blamed for (core/query/absentwaits.h), as the text says.
    void absentWaits() {
        for (const auto& run : m_report["runs"]) {
            const std::string line =
                query::absentWaitsText(run.value("absent_member_waits", nlohmann::json::array()),
                                       [this](int64_t key) { return query::rankName(m_report, key); });
            if (!line.empty())
                add(para(QObject::tr("Run %1: %2.").arg(run["run"].get<int64_t>()).arg(s(line)),
                         ReportBlock::Kind::Note));
        }
    }

    void findings() {
        add(heading(QObject::tr("Findings, by time lost")));
        const auto list = findingsFromReport(m_scene.summary().reportJson, std::nullopt);
        if (list.empty()) {
            const int longSteps = int(m_report["outlier_steps"].size());
            // the words of the text report and the Findings panel (core/query/nofindings.h)
            const query::NoFindingsFacts facts = query::noFindingsFacts(m_report);
            const query::NoFindingsWording w = query::noFindingsWording(facts);
            const QString none =
                s(w.headline) + (w.reason.empty()         ? QString()
                                 : facts.damagedFiles > 0 ? QString(" (%1: see the notes)").arg(s(w.reason))
                                                          : QString(" (%1)").arg(s(w.reason)));
            add(para(longSteps
                         ? QObject::tr("%1: the %2 under Outlier steps ended with the other ranks' steps "
                                       "and cost the job no time.")
                               .arg(none, views::counted(longSteps, QObject::tr("long step"),
                                                         QObject::tr("long steps")))
                         : none + "."));
            absentWaits();
            banksNotChecked();
            return;
        }
        int index = 0;
        for (const auto& f : list) {
            ++index;
            // of a folder of runs each finding says its run, as the text report's do (two read the same)
            const QString run =
                m_scene.summary().runs.size() > 1 && f.run ? QObject::tr("run %1: ").arg(*f.run) : QString();
            QString head = QString("%1. [%2] %3%4").arg(index).arg(f.kindName, run, f.text);
            if (f.lostNs > 0)
                head +=
                    (f.kind == model::FindingKind::PipelineWait ? QObject::tr(" — %1 of wall time waiting")
                                                                : QObject::tr(" — the job lost %1"))
                        .arg(dur(f.lostNs));
            add(heading(head, 3));
            const bool shownRun = !f.run || *f.run == m_scene.summary().run;
            if (!shownRun)
                add(para(QObject::tr("(run %1: no picture — open that run in the app)").arg(*f.run),
                         ReportBlock::Kind::Note));
            else if (index <= m_r.top)
                findingPictures(f, index);
        }
        absentWaits();
        banksNotChecked();
    }

    /// Where no bank model applied, that no bank anomaly was looked for (core/query/bankcheck.h), as the
    /// text report says it.
    void banksNotChecked() {
        const nlohmann::json check = m_report.value("bank_check", nlohmann::json::object());
        if (check.value("possible", true)) return;
        add(para(QObject::tr("Banks not checked: %1.").arg(s(check.value("why", ""))),
                 ReportBlock::Kind::Note));
    }

    void steps() {
        add(heading(QObject::tr("Steps")));
        if (m_many) {
            add(summaryBlocks(query::stepsSummary(m_report)));
            partialSteps();
            add(outlierStepGroupBlocks(m_report));
            return;
        }
        ReportBlock t;
        t.kind = ReportBlock::Kind::Table;
        t.header = {QObject::tr("rank"), QObject::tr("median step (lower middle)"), QObject::tr("p95 step"),
                    QObject::tr("wall from")};
        for (const auto& r : m_report["steps"]["per_rank"]) {
            // a whole-trace rank whose step marks exist on another clock says so, as the text report does
            const QString from =
                r.contains("steps_on_other_clock")
                    ? QObject::tr("whole trace (its step marks are on another clock, not used)")
                    : s(r.value("wall_source", ""));
            if (r.contains("walls_ns")) // too few for a median: the steps themselves (typicalstep.h)
                t.rows.push_back({rankCell(r),
                                  s(model::typicalStepText(r["walls_ns"].get<std::vector<double>>())), "-",
                                  from});
            else
                t.rows.push_back(
                    {rankCell(r), dur(r["median_ns"].get<int64_t>()), dur(r["p95_ns"].get<int64_t>()), from});
        }
        if (!t.rows.empty()) add(t);
        // which steps the median and p95 are over: compare's are over the steady steps (walk 14)
        if (!t.rows.empty() && m_report["steps"].contains("statistics"))
            add(para(QObject::tr("Median and p95 step: %1.")
                         .arg(s(m_report["steps"]["statistics"].get<std::string>()))));
        partialSteps();
        if (!m_report["outlier_steps"].empty()) {
            ReportBlock o;
            o.kind = ReportBlock::Kind::Table;
            o.header = {QObject::tr("rank"), QObject::tr("step"), QObject::tr("wall"), QObject::tr("typical"),
                        QObject::tr("why")};
            for (const auto& r : m_report["outlier_steps"])
                o.rows.push_back({rankCell(r), QString::fromStdString(query::outlierStepLabel(r)),
                                  dur(r["wall_ns"].get<int64_t>()), dur(r.value("typical_ns", int64_t(0))),
                                  s(r.value("cause", ""))});
            // as the text report says it: long steps no finding tells only began earlier (walk 21: the
            // Markdown and HTML listed cluster_propose's two as outliers where the text report and the app
            // said they cost the job no time)
            add(para(query::outlierStepsTold(m_report)
                         ? QObject::tr("Outlier steps:")
                         : QObject::tr("No outlier step cost the job time (the %1 below ended with the other "
                                       "ranks' steps):")
                               .arg(views::counted(qint64(m_report["outlier_steps"].size()),
                                                   QObject::tr("long step"), QObject::tr("long steps")))));
            add(o);
        }
    }

    /// A shipped wall the rank's events cover clearly less of: said, never silently replaced.
    void partialSteps() {
        for (const auto& r : m_report["steps"]["per_rank"])
            for (const auto& x : r.value("partial_steps", nlohmann::json::array()))
                add(para(QObject::tr("⚠ %1 rank %2 step %3: %4")
                             .arg(s(r.value("wall_source", "")), rankCell(r))
                             .arg(x["step"].get<int64_t>())
                             .arg(s(x.value("text", "")))));
        // steps whose communication was not recorded, counted among the steady steps (silentsteps.h)
        for (const auto& x : m_report["steps"].value("without_communication", nlohmann::json::array()))
            add(para(QObject::tr("%1: %2").arg(rankCell(x), s(x.value("text", "")))));
    }

    void perRank() {
        add(heading(QObject::tr("Per rank")));
        const auto& cw = m_report["comm_wait"];
        // measured and inferred waits told apart, as the text report does
        const std::string sources = model::waitSourcesText(query::waitSourcesOf(m_report));
        add(para(QObject::tr("Communication wait: %1%2.")
                     .arg(QString::fromStdString(query::commWaitText(
                         m_report,
                         query::totalWaitText(m_report, [](int64_t ns) { return dur(ns).toStdString(); }))))
                     .arg(sources.empty() ? QString() : " (" + QString::fromStdString(sources) + ")")));
        // a folder of several runs: the total above is their waits added, each run's apart (as the text)
        if (const std::string byRun =
                query::waitByRunText(m_report, [](int64_t ns) { return dur(ns).toStdString(); });
            !byRun.empty())
            add(para(QString::fromStdString(byRun).replace(0, 1, QString("E")) + ".",
                     ReportBlock::Kind::Note));
        if (const std::string vs = query::waitVsProducerText(m_report); !vs.empty())
            add(para(QObject::tr("This is %1.").arg(QString::fromStdString(vs)), ReportBlock::Kind::Note));
        if (m_many && !cw["by_rank"].empty())
            add(summaryBlocks(query::waitSummary(m_report)));
        else
            waitTable();
        // the parts of "waited for" add up to "waited": the rule for a rank that waited for several at once
        if (const std::string shared =
                query::blamedSharedText(m_report, [](double ns) { return dur(int64_t(ns)).toStdString(); });
            !shared.empty())
            add(para(QString::fromStdString(shared) + "."));
        stragglers();
    }

    /// A table's rank column: the files' number, with the run where the folder holds several.
    QString rankCell(const nlohmann::json& row) const {
        return QString::fromStdString(query::rankLabel(m_report, row["rank"].get<int64_t>()));
    }
    /// The component the peaks are of, and any reserving more, which they leave out (r50d #3).
    static QString componentCell(const nlohmann::json& row) {
        QString cell = QString::fromStdString(row.value("component", std::string()));
        QStringList beyond;
        for (const auto& b : row.value("components_beyond", nlohmann::json::array()))
            beyond << QObject::tr("%1 reserved up to %2")
                          .arg(QString::fromStdString(b["component"].get<std::string>()),
                               views::formatBytes(b["peak_reserved_bytes"].get<int64_t>()));
        if (!beyond.isEmpty()) cell += QObject::tr(" (not in these figures: %1)").arg(beyond.join(", "));
        // a peak no timed row reaches is no measured moment: what it rests on (untimedpeak.h)
        if (row.contains("peak_ts_ns") && row["peak_ts_ns"].is_null())
            cell += QObject::tr(" (%1)").arg(QString::fromStdString(
                query::untimedPeakText(row.value("peak_untimed_rows", int64_t(0)), "")));
        return cell;
    }
    void waitTable() {
        const auto& cw = m_report["comm_wait"];
        ReportBlock t;
        t.kind = ReportBlock::Kind::Table;
        t.header = {QObject::tr("rank"), QObject::tr("waited"), QObject::tr("waited for"),
                    QObject::tr("arrived last")};
        for (const auto& r : cw["by_rank"]) {
            QStringList on;
            for (const auto& [k, v] : r["blamed_on"].items())
                on << (k == "unknown"
                           // no blamed rank: the data names no peer, or the peer's rank is missing
                           ? QObject::tr("a rank not known: %1").arg(dur(v.get<int64_t>()))
                           : QObject::tr("rank %1: %2")
                                 .arg(QString::fromStdString(query::rankLabel(m_report, std::stoll(k))))
                                 .arg(dur(v.get<int64_t>())));
            t.rows.push_back(
                {rankCell(r), dur(r["wait_ns"].get<int64_t>()), on.join(", "),
                 QString::fromStdString(query::lastArrivalCell(
                     cw.value("last_arrivals", nlohmann::json::object()), r["rank"].get<int64_t>()))});
        }
        if (!t.rows.empty()) add(t);
    }

    void stragglers() {
        if (!m_report["stragglers"].empty()) {
            ReportBlock st;
            st.kind = ReportBlock::Kind::Table;
            st.header = {QObject::tr("rank"),
                         QObject::tr("op type"),
                         QObject::tr("median (lower middle)"),
                         QObject::tr("ranks' median (lower middle)"),
                         QObject::tr("ratio"),
                         QObject::tr("extra kernel time")};
            const size_t most = m_many ? query::kMostOutliersListed : m_report["stragglers"].size();
            for (const auto& r : m_report["stragglers"])
                if (st.rows.size() < most)
                    st.rows.push_back({rankCell(r), s(r["op_type"].get<std::string>()),
                                       dur(r["median_ns"].get<int64_t>()),
                                       dur(r["ranks_median_ns"].get<int64_t>()), // as the histogram marks it
                                       QString("%1×").arg(r["ratio"].get<double>(), 0, 'f', 2),
                                       dur(r["lost_ns"].get<int64_t>())});
            add(para(QObject::tr("Op types slower on one rank than on the others:")));
            add(st);
            if (m_report["stragglers"].size() > most)
                add(para(QObject::tr("… and %1 more (rankscope report --json lists them).")
                             .arg(m_report["stragglers"].size() - most),
                         ReportBlock::Kind::Note));
        }
    }

    void memory() {
        add(heading(QObject::tr("Memory peaks")));
        if (m_many) {
            const auto sum = query::memorySummary(m_report);
            if (sum.line.empty())
                add(para(QObject::tr("The profile has no memory records.")));
            else
                add(summaryBlocks(sum));
            noMemoryNotes(!sum.line.empty());
            return;
        }
        ReportBlock t;
        t.kind = ReportBlock::Kind::Table;
        // the component the peaks are of, as the Memory tab's legend names it (PTA, not PTA+GE or APP)
        t.header = {QObject::tr("rank"), QObject::tr("peak allocated"), QObject::tr("peak reserved"),
                    QObject::tr("allocated ÷ reserved"), QObject::tr("component")};
        for (const auto& r : m_report["memory"]["per_rank"]) {
            if (!r.value("has_memory_data", false)) continue;
            const double a = double(r.value("peak_allocated_bytes", int64_t(0))),
                         res = double(r.value("peak_reserved_bytes", int64_t(0)));
            t.rows.push_back({rankCell(r), views::formatBytes(int64_t(a)),
                              res > 0 ? views::formatBytes(int64_t(res)) : QObject::tr("not recorded"),
                              res > 0 ? QString("%1 %").arg(100 * a / res, 0, 'f', 1) : QString("-"),
                              componentCell(r)});
        }
        if (t.rows.empty())
            add(para(QObject::tr("The profile has no memory records.")));
        else
            add(t);
        noMemoryNotes(!t.rows.empty());
    }

    /// msprof-analyze's own step figures beside Rankscope's (core/query/producersummary.h), when the folder
    /// holds its cluster summary.
    void producerSummary() {
        const auto t =
            query::producerSummaryTable(m_report.value("producer_cluster_summary", nlohmann::json()));
        if (t.header.empty()) return;
        add(heading(QObject::tr("msprof-analyze cluster summary")));
        for (const auto& l : t.lines)
            add(para(s(l)));
        ReportBlock b;
        b.kind = ReportBlock::Kind::Table;
        for (const auto& h : t.header)
            b.header << s(h);
        for (const auto& r : t.rows) {
            QStringList row;
            for (const auto& c : r)
                row << s(c);
            b.rows.push_back(row);
        }
        add(b);
    }

    /// The ranks without memory data and why, as the text report says it (their files may hold rows that
    /// were all left out).
    void noMemoryNotes(bool someHaveData) {
        for (const std::string& line : query::noMemoryDataLines(m_report, someHaveData))
            add(para(QString::fromStdString(line), ReportBlock::Kind::Note));
    }

    void annotations() {
        const auto& model = m_scene.annotations();
        if (model.items().empty()) return;
        add(heading(QObject::tr("Annotations")));
        int index = 0;
        for (const auto& a : model.items()) {
            ++index;
            const QString where = s(annotate::describeAnchor(a, m_scene.summary().startNs));
            add(heading(QString("%1 — %2").arg(s(a.text), where), 3));
            add(para(QObject::tr("%1 · %2").arg(s(a.author), s(a.created))));
            const QString why = model.detachedReason(s(a.id));
            if (!why.isEmpty()) {
                add(para(QObject::tr("Detached: %1. Kept, not drawn.").arg(why), ReportBlock::Kind::Note));
                continue;
            }
            reset();
            const auto& an = a.anchor;
            const QString name = QString("annotation-%1").arg(index);
            if (an.view == annotate::Surface::Heatmap) {
                add(picture(shot("heatmap"), where, name + "-heatmap.png"));
                continue;
            }
            if (an.view == annotate::Surface::Memory) {
                if (!an.ranks.empty()) m_scene.setMemoryRank(an.ranks.front());
                add(picture(shot("memory"), where, name + "-memory.png"));
                continue;
            }
            int64_t t0 = std::min(an.t0Ns, a.kind == annotate::Kind::Arrow ? an.toNs : an.t0Ns);
            int64_t t1 = std::max(an.t1Ns, a.kind == annotate::Kind::Arrow ? an.toNs : an.t1Ns);
            const int64_t pad = std::max<int64_t>((t1 - t0) / 4, 2000000);
            std::set<int> ranks(an.ranks.begin(), an.ranks.end());
            if (a.kind == annotate::Kind::Arrow) ranks.insert(an.toRank);
            m_scene.setRanks(ranks);
            m_scene.setWindow(t0 - pad, t1 + pad);
            add(picture(shot("timeline"), where, name + "-timeline.png"));
        }
    }

    void diagnostics() {
        add(heading(QObject::tr("Diagnostics")));
        const auto& d = m_scene.summary().diagnostics;
        if (d.empty()) {
            add(para(QObject::tr("Every record was read: no problem to report.")));
            return;
        }
        ReportBlock t;
        t.kind = ReportBlock::Kind::Table;
        t.header = {QObject::tr("severity"), QObject::tr("file"), QObject::tr("what"), QObject::tr("count"),
                    QObject::tr("first at")};
        for (size_t i = 0; i < d.size() && i < 50; ++i)
            t.rows.push_back({s(d[i].severity), s(d[i].file), s(d[i].what), QString::number(d[i].count),
                              d[i].firstOffset >= 0 ? QString::number(d[i].firstOffset) : QString("-")});
        add(t);
        if (d.size() > 50)
            add(para(QObject::tr("… %1 more: rankscope info DIR lists them all.")
                         .arg(views::counted(qint64(d.size() - 50), QObject::tr("group"),
                                             QObject::tr("groups")))));
    }

    const ReportRequest& m_r;
    ExportScene m_scene;
    nlohmann::json m_report;
    ReportDocument m_doc;
    int m_defaultMemoryRank = 0;
    bool m_many = false;             ///< more ranks than query::kSummariseAboveRanks: summaries, not rows
    std::vector<int64_t> m_outlying; ///< many ranks: the ranks the overview pictures show
    int64_t m_typical = -1;          ///< and the typical rank beside them
};

} // namespace

ReportDocument buildReportDocument(const ReportRequest& r) {
    return Builder(r).build();
}

} // namespace rs::gui
