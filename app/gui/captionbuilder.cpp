#include "app/gui/captionbuilder.h"
#include "views/common/plural.h"

#include "app/gui/viewstate.h"
#include "core/annotate/annotation.h"
#include "core/query/wholetracestep.h"
#include "views/annotate/annotationmodel.h"
#include "views/comm/commmatrixcanvas.h"
#include "views/common/timemapping.h"
#include "views/heatmap/heatmapcaption.h"
#include "views/timeline/framebuilder.h"
#include "views/timeline/framepainter.h"
#include "views/timeline/timelinelegend.h"

#include <QGuiApplication>

#include <QDateTime>
#include <QTimeZone>
#include <algorithm>

namespace rs::gui {

namespace {
QString viewTitle(const QString& view) {
    if (view == "heatmap") return QObject::tr("Op heatmap");
    if (view == "memory") return QObject::tr("Memory map");
    if (view == "comm") return QObject::tr("Communication matrix");
    if (view == "window") return QObject::tr("Rankscope");
    return QObject::tr("Timeline");
}

/// Now, or SOURCE_DATE_EPOCH when set (the reproducible-builds convention): a nightly job that renders
/// the same state gets the same bytes.
QString exportTime() {
    bool ok = false;
    const qint64 epoch = qEnvironmentVariable("SOURCE_DATE_EPOCH").toLongLong(&ok);
    const QDateTime t = ok ? QDateTime::fromSecsSinceEpoch(epoch, Qt::UTC) : QDateTime::currentDateTimeUtc();
    return t.toString("yyyy-MM-dd HH:mm");
}

QString runLine(const CaptionInput& in, const std::vector<int>& keys) {
    const auto& s = *in.summary;
    std::vector<int> ranks; // the producer's numbers, as the lanes name them (not a colliding run's keys)
    for (int k : keys)
        ranks.push_back(s.shownRank(k));
    std::sort(ranks.begin(), ranks.end());
    QString source;
    for (const auto& r : s.runs)
        if (r.run == s.run) source = QString::fromStdString(r.source);
    return QObject::tr("run %1 of %2%3 · %4")
        .arg(s.run)
        .arg(s.runs.size())
        .arg(source.isEmpty() ? QString() : " (" + source + ")")
        .arg(QString::fromStdString(annotate::rankListText(ranks)));
}

QString windowLine(const CaptionInput& in) {
    const auto& s = *in.summary;
    const qint64 t0 = in.state->windowStart(), t1 = in.state->windowEnd();
    const int64_t res = std::max<int64_t>(1, (t1 - t0) / 1000);
    // worded as the status bar words the window (views::formatWindow)
    QString w = QObject::tr("time window %1 from the run's start")
                    .arg(views::formatWindow(t0 - s.startNs, t1 - s.startNs));
    if (in.step && query::isWholeTraceOnly(s, *in.step)) {
        // whose whole trace: beside ranks marking other steps, "the whole trace" named nobody (r48d)
        std::vector<int> shown;
        for (int k : s.ranks)
            if (in.shownRanks.empty() || in.shownRanks.count(k)) shown.push_back(k);
        w += " · " + QString::fromStdString(query::wholeTraceText(s, shown, *in.step));
    } else if (in.step) {
        w += QObject::tr(" · step %1").arg(*in.step);
    }
    if (in.step && !in.stepLacking.isEmpty()) w += " · " + in.stepLacking;
    if (in.view == "memory") w = QObject::tr("memory of rank %1 · ").arg(s.shownRank(in.memoryRank)) + w;
    if (in.view == "memory" && in.memoryData && (in.memoryData->first > t0 || in.memoryData->second < t1))
        w += QObject::tr(" · memory data %1")
                 .arg(views::formatWindow(in.memoryData->first - s.startNs,
                                          in.memoryData->second - s.startNs));
    if (in.view != "timeline" && in.view != "window") return w;
    // what else shapes the lanes pictured: the track filter and a marked area
    if (!in.trackFilter.isEmpty()) w += QObject::tr(" · track filter \"%1\"").arg(in.trackFilter);
    if (const auto& a = in.state->area(); a.valid())
        w += QObject::tr(" · marked area %1 … %2 over %3")
                 .arg(views::formatOffset(a.t0 - s.startNs, res), views::formatOffset(a.t1 - s.startNs, res),
                      views::counted(qint64(a.trackIds.size()), QObject::tr("lane"), QObject::tr("lanes")));
    return w;
}

/// Whether the picture shows `rank`: the memory map one rank, the heatmap its columns, the timeline its
/// shown ranks (every rank when none is named); a communication matrix has every rank.
bool rankPictured(const CaptionInput& in, int rank) {
    if (in.view == "memory") return rank == in.memoryRank;
    if (in.view == "comm") return true;
    const std::set<int>& shown = in.view == "heatmap" ? in.heatmapRanks : in.shownRanks;
    return shown.empty() || shown.count(rank) > 0;
}

/// Whether the timeline's picture has a row of `rank`: the track filter can leave a shown rank out.
bool rankLaidOut(const CaptionInput& in, int rank) {
    if (in.laidOutRanks) return in.laidOutRanks->count(rank) > 0;
    return rankPictured(in, rank);
}

/// The surface's words in a reason ("the heatmap").
QString surfaceWords(annotate::Surface s) {
    switch (s) {
    case annotate::Surface::Heatmap:
        return QObject::tr("the heatmap");
    case annotate::Surface::Memory:
        return QObject::tr("the memory map");
    default:
        return QObject::tr("the timeline");
    }
}

/// Why rank `r` of an annotation has no row in the picture: the ranks shown leave it out, or (on the
/// timeline) the track filter does, or the window shown is scrolled away from it (`screen`).
QString rankMissing(const CaptionInput& in, int r, bool screen) {
    const int shown = in.summary ? in.summary->shownRank(r) : r;
    if (in.view == "memory") return QObject::tr("rank %1 is not the rank shown").arg(shown);
    if (screen) return QObject::tr("rank %1 is not on screen").arg(shown);
    if (rankPictured(in, r)) return QObject::tr("rank %1 is hidden by the track filter").arg(shown);
    return QObject::tr("rank %1 is outside the ranks shown").arg(shown);
}

/// Why an annotation is not in the picture, "" when it is: its view, its ranks shown (on the timeline: with
/// a row in the picture, and an arrow's end rank too, as the frame draws it), its time in the window.
/// `screen`: the picture is the window's, whose ranks are the ones scrolled to.
QString whyNotPictured(const annotate::Annotation& a, const CaptionInput& in, bool screen = false) {
    const auto& an = a.anchor;
    if (in.view == "window") { // as its surface pictures it, where the window shows that surface
        const std::string surface = annotate::surfaceName(an.view);
        if (!in.surfacesOnScreen.count(surface))
            return QObject::tr("%1 is not on screen").arg(surfaceWords(an.view));
        CaptionInput as = in;
        as.view = QString::fromStdString(surface);
        as.laidOutRanks = in.ranksOnScreen;
        return whyNotPictured(a, as, true);
    }
    if (annotate::surfaceName(an.view) != in.view.toStdString())
        return QObject::tr("it is on %1").arg(surfaceWords(an.view));
    if (an.view == annotate::Surface::Heatmap) return {};
    const bool timeline = an.view == annotate::Surface::Timeline;
    auto shown = [&](int r) { return timeline ? rankLaidOut(in, r) : rankPictured(in, r); };
    bool anyRank = an.ranks.empty()
                       ? in.view != "memory" && (!timeline || !in.laidOutRanks || !in.laidOutRanks->empty())
                       : false;
    for (int r : an.ranks)
        anyRank = anyRank || shown(r);
    if (!anyRank)
        return an.ranks.empty() ? QObject::tr("no rank is shown") : rankMissing(in, an.ranks.front(), screen);
    if (timeline && a.kind == annotate::Kind::Arrow && !shown(an.toRank))
        return QObject::tr("its end's %1").arg(rankMissing(in, an.toRank, screen));
    if (!an.tensorId.empty()) return {};
    if (!annotate::meetsWindow(a, in.state->windowStart(), in.state->windowEnd()))
        return QObject::tr("it is outside the time window");
    if (timeline && in.timelineDrawn && !in.timelineDrawn->count(QString::fromStdString(a.id)))
        return screen ? QObject::tr("it is not on screen") : QObject::tr("it is outside the lanes pictured");
    return {};
}

/// An annotation in a reason: its kind and rank ("box on rank 3", "arrow from rank 4").
QString annotationWords(const annotate::Annotation& a, const CaptionInput& in) {
    QString w = QString::fromStdString(annotate::kindName(a.kind));
    if (a.anchor.ranks.empty()) return w;
    const int r = a.anchor.ranks.front();
    return w + (a.kind == annotate::Kind::Arrow ? QObject::tr(" from rank %1") : QObject::tr(" on rank %1"))
                   .arg(in.summary ? in.summary->shownRank(r) : r);
}

/// The annotations a picture leaves out, each with why ("box on rank 3: it is on the heatmap"), at most
/// three named: a caption that counted fewer than the set held said nothing of the others (r47c #7).
QString notDrawnWords(const std::vector<QString>& why) {
    constexpr size_t kNamed = 3;
    QStringList named;
    for (size_t i = 0; i < why.size() && i < kNamed; ++i)
        named << why[i];
    QString text = named.join("; ");
    if (why.size() > kNamed) text += QObject::tr("; %1 more").arg(why.size() - kNamed);
    return text;
}

/// What the heatmap's grid and colour are: the grid pictured and the statistic chosen (a picture of op ×
/// step in p95 was captioned with op × rank's ratio whatever was shown).
QString heatmapLine(const CaptionInput& in) {
    using Mode = query::HeatmapData::Mode;
    const Mode mode = in.heatmap ? in.heatmap->mode : Mode::OpByRank;
    if (mode == Mode::OpByRank && in.heatmapStatistic == views::HeatStatistic::Ratio)
        // the ratio op_stat holds (analysis/opstats.cpp): "kernel time on a rank ÷ its median over the
        // ranks" reproduced neither of trace_filter's 0.63 / 1.43 (walk17a L4)
        return QObject::tr(
            "op type × rank over the whole run · colour: Σ count × median of each kernel name on the rank ÷ "
            "Σ count × that name's lower median over the ranks (of an even number the lower of the middle "
            "two; "
            "the same kernels, as often as the rank ran them; "
            "names one rank alone ran left out, hatched: none shared) · outlined: slow cells");
    const QString grid =
        mode == Mode::OpByStep ? QObject::tr("op type × step on rank %1").arg(in.heatmap->rank)
        : mode == Mode::RankByStep
            ? QObject::tr("rank × step of %1").arg(QString::fromStdString(in.heatmap->opType))
            : QObject::tr("op type × rank over the whole run");
    // one rank has no others to be a straggler among: nothing is outlined for it (walks 20a/20b)
    // nor two: which of two is slow cannot be said, so the view names none (walk 21)
    const bool judged = mode == Mode::OpByRank && (!in.heatmap || in.heatmap->columns.size() > 2);
    // a grid whose ratios would compare nothing says so beside the statistic shown instead (walk 52: why
    // one profile's picture was in total time and another's in ratios)
    QString why;
    if (in.heatmap && in.heatmapStatistic != views::HeatStatistic::Ratio) {
        if (mode != Mode::RankByStep && in.heatmap->columns.size() == 1)
            why = mode == Mode::OpByRank ? QObject::tr(" (one rank: no ratio to other ranks)")
                                         : QObject::tr(" (one step: no ratio across steps)");
        if (mode == Mode::RankByStep && in.heatmap->rows.size() == 1)
            why = QObject::tr(" (one rank: no ratio to other ranks)");
    }
    return grid + QObject::tr(" · colour: %1").arg(views::statisticName(in.heatmapStatistic, mode)) + why +
           (judged ? QObject::tr(" · outlined: slow cells") : QString());
}

/// The labels the picture leaves out, their texts named (at most three): a few-pixel annotation is drawn
/// without one, and "4 annotations drawn" under a picture showing three labels claimed the fourth's
/// (walk 52b). "" when every label is drawn.
QString hiddenLabels(const CaptionInput& in) {
    QStringList texts;
    for (const QString& id : in.unlabelled)
        if (const annotate::Annotation* a = in.annotations->find(id))
            texts << "\u201C" + QString::fromStdString(a->text) + "\u201D";
    if (texts.isEmpty()) return {};
    const qsizetype n = texts.size();
    constexpr qsizetype kNamed = 3;
    QString named = QStringList(texts.mid(0, kNamed)).join(", ");
    if (n > kNamed) named += QObject::tr(" and %1 more").arg(n - kNamed);
    return ", " + views::counted(int(n), QObject::tr("label"), QObject::tr("labels")) +
           QObject::tr(" hidden (too narrow at this zoom; hover to read: %1)").arg(named);
}

QString selectionAndAnnotations(const CaptionInput& in) {
    QString line;
    const views::Selection& selection = in.state->selection();
    // a rank's pseudo step 0 is its whole trace, no step (walk 28)
    const bool whole = selection.kind == views::Selection::Kind::Step && in.summary &&
                       query::isWholeTraceStep(*in.summary, selection.rank, selection.step);
    // a rank by the number its lanes show, not its index key (walk 29: "span 7743 on rank 10001" under a
    // picture of run 1's rank 1)
    const auto shownRank = [&](int key) { return in.summary ? in.summary->shownRank(key) : key; };
    const QString sel =
        whole ? QObject::tr("the whole trace of rank %1 (no step marks)").arg(shownRank(selection.rank))
              : describeSelection(selection, shownRank);
    if (!sel.isEmpty()) line = QObject::tr("selection: %1").arg(sel);
    // a selection on a rank the picture leaves out is not in it: said, so nobody looks for it there
    if (!sel.isEmpty() && selection.rank >= 0 && !rankPictured(in, selection.rank))
        line += QObject::tr(" (rank %1 is not in the picture)").arg(shownRank(selection.rank));
    if (!in.annotations) return line;
    int drawn = 0, detached = 0;
    std::vector<QString> missing; // "box on rank 3: it is on the heatmap"
    for (const auto& a : in.annotations->items()) {
        // a detached annotation of another view is not this picture's (a heatmap said "2 detached" of two
        // timeline notes, walk 20a)
        const bool ours =
            in.view == "window" || annotate::surfaceName(a.anchor.view) == in.view.toStdString();
        if (in.annotations->detached(a)) {
            detached += ours;
        } else if (const QString why = whyNotPictured(a, in); why.isEmpty()) {
            ++drawn;
        } else {
            missing.push_back(annotationWords(a, in) + ": " + why);
        }
    }
    if (!in.annotationsDrawn) drawn = 0, missing.clear();
    if (!drawn && !detached && missing.empty()) return line;
    if (!line.isEmpty()) line += " · ";
    if (!in.annotationsDrawn)
        line += QObject::tr("annotations not drawn");
    else if (drawn || missing.empty())
        line +=
            views::counted(drawn, QObject::tr("annotation"), QObject::tr("annotations")) +
            QObject::tr(" drawn") +
            (missing.empty() ? QString()
                             : QObject::tr(", %1 not (%2)").arg(missing.size()).arg(notDrawnWords(missing)));
    else
        line += views::counted(int(missing.size()), QObject::tr("annotation"), QObject::tr("annotations")) +
                QObject::tr(" not drawn (%1)").arg(notDrawnWords(missing));
    if (in.annotationsDrawn && drawn) line += hiddenLabels(in);
    if (detached)
        line += QObject::tr(", %n detached (their data is gone; listed, not drawn)", nullptr, detached);
    return line;
}
} // namespace

Caption buildCaption(const CaptionInput& in) {
    Caption c;
    c.title = viewTitle(in.view) + " — " + in.profile;
    if (!in.summary || !in.state) return c;
    const auto& s = *in.summary;
    std::vector<int> ranks;
    for (int r : s.ranks)
        if (in.view == "heatmap" ? in.heatmapRanks.empty() || in.heatmapRanks.count(r)
                                 : in.shownRanks.empty() || in.shownRanks.count(r))
            ranks.push_back(r);
    if (in.view == "memory") ranks = {in.memoryRank};
    // the timeline pictures the ranks the track filter leaves: "ranks 0-3" under a picture of rank 3 alone
    // claimed lanes it does not draw (walk17b #4)
    if ((in.view == "timeline" || in.view == "window") && in.laidOutRanks && !in.laidOutRanks->empty())
        std::erase_if(ranks, [&](int r) { return !in.laidOutRanks->count(r); });
    c.lines << runLine(in, ranks);
    if (in.view == "heatmap") {
        c.lines << heatmapLine(in);
        // the sentence the view shows above the grid, from its own builder: the export said less (issue 19:
        // no "Communication kernels are not in it")
        if (in.heatmap)
            c.lines << views::heatmapCaption(
                views::heatCaptionInput(in.summary, in.heatmap, in.heatmapStatistic));
    } else if (in.view == "comm" && in.comm)
        c.lines << in.comm->captionLines();
    else
        c.lines << windowLine(in);
    if (QString third = selectionAndAnnotations(in); !third.isEmpty()) c.lines << third;
    c.lines << QObject::tr("Rankscope %1 · exported %2 UTC").arg(RANKSCOPE_VERSION, exportTime());
    if (in.view == "comm" && in.comm && in.comm->matrix()) { // what the matrix cannot know, on the picture
        for (const auto& n : in.comm->matrix()->notes)
            c.notes << QString::fromStdString(n);
        if (!in.comm->matrix()->empty.empty()) c.notes << QString::fromStdString(in.comm->matrix()->empty);
        if (!in.commStepNote.isEmpty()) c.notes << in.commStepNote; // the view says it above the grid
    }
    if (in.view == "heatmap" && in.heatmap) // a partial rank's column: which rank, which files (walk 19)
        if (const std::string cut = query::cutRanksNote(*in.heatmap); !cut.empty())
            c.notes << QObject::tr("Cross-hatched: %1.").arg(QString::fromStdString(cut));
    if (in.view == "timeline" || in.view == "window") {
        if (in.legend && in.view == "timeline") { // the lanes' swatches, through the lanes' painter
            // a lane's cut tail: its hatch in the key; the waits' hatches only where the waits are drawn
            const views::LegendKinds kinds{!s.unreadTails.empty(), in.waitsShown, false, in.flowsShown};
            c.legendSize = [kinds](int maxWidth) {
                return views::legendSize(QGuiApplication::font(), kinds, maxWidth);
            };
            c.legend = [kinds](QPainter& p, QPoint at, int maxWidth) {
                const QFont font = QGuiApplication::font();
                views::paintDrawList(p,
                                     views::legendList(at, font,
                                                       views::FramePalette::from(QGuiApplication::palette()),
                                                       kinds, maxWidth),
                                     font);
            };
        }
        for (const auto& n : s.notes)
            c.notes << QString::fromStdString(n);
        if (!in.ranksNote.isEmpty() && in.view == "timeline") c.notes << in.ranksNote;
        if (in.lanesCut)
            c.notes << QObject::tr(
                "Not every lane fits in one picture: the lanes below are cut. Choose fewer ranks "
                "(--ranks) or collapse some.");
    }
    return c;
}

} // namespace rs::gui
