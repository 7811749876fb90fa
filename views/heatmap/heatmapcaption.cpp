#include "views/heatmap/heatmapcaption.h"

#include "views/common/plural.h"
#include "views/common/rankname.h"
#include "views/heatmap/heatmapview.h"

#include "core/query/notdrawnkernels.h"

#include <QObject>
#include <algorithm>

namespace rs::views {

using Mode = query::HeatmapData::Mode;

namespace {
/// The verdict on slow cells of an op × rank grid with `columns` ranks, `flagged` of its cells outlined.
QString stragglerCaption(const HeatCaptionInput& in, int flagged, size_t columns,
                         query::HeatCellCounts cells) {
    // a run without all its ranks cannot say there is no straggler: only that none of those here is one
    const QString present = counted(qint64(columns), QObject::tr("rank"), QObject::tr("ranks"));
    const QString missing =
        in.complete ? QString()
        : in.worldSize && *in.worldSize > qint64(columns)
            ? QObject::tr(" Only %1 of the job's %2 are here; the missing ones cannot be compared.")
                  .arg(present)
                  .arg(*in.worldSize)
            : QObject::tr(" The run lacks ranks; the missing ones cannot be compared.");
    if (columns < 2 && !flagged)
        return (in.statistic == HeatStatistic::Ratio
                    ? QObject::tr("One rank: nothing to compare it with, so no slow cell can be named and no "
                                  "cell has a ratio.")
                    : QObject::tr("One rank: nothing to compare it with, so no slow cell can be named (the "
                                  "colours show each op type's %1).")
                          .arg(statisticName(in.statistic, Mode::OpByRank))) +
               missing;
    // every cell "–" (walk 23b: a rank cut before its kernels): the colours show no difference at all
    if (!flagged && cells.present > 0 && cells.withRatio == 0)
        return QObject::tr(
                   "No kernel name ran on more than one of the %1 here, so nothing is compared and no "
                   "slow cell can be named.")
                   .arg(present) +
               missing;
    if (flagged)
        // "slow", not "straggler": the finding of a rank others waited for is slow_rank (walk 23a)
        return QObject::tr("%1 outlined: an op type much slower on one card than on the others (its rank's "
                           "finding: slow_rank when the others waited for it, straggler when nobody did).")
                   .arg(counted(flagged, QObject::tr("slow cell"), QObject::tr("slow cells"))) +
               missing;
    // "runs alike" was said beside cells at 0.25× and 7.69×: the rule found no card much slower than the
    // others, which is all that can be said; and of two ranks, neither can be called the slow one
    if (columns == 2)
        return QObject::tr("Two ranks: a difference between two cannot say which one is slow, so no slow "
                           "cell is named (the colours show how they differ).") +
               missing;
    if (in.complete)
        return QObject::tr("No slow cell: no op type is much slower on one card than on the others.");
    return QObject::tr("No slow cell among the %1 here: no op type is much slower on one of them than on "
                       "the others.")
               .arg(present) +
           missing;
}

/// " Not read in full: …" when a shown rank's files were cut or not read (HeatmapData::damaged); else "".
QString damagedNote(const query::HeatmapData& d) {
    // a rank whose files were cut has cells of what was read (none at all when its device lanes were past
    // the cut): "two ranks … the colours show how they differ" read as a real difference (k19v)
    if (d.damaged.empty()) return {};
    return QObject::tr(" Not read in full: %1. Those ranks' cells hold only what was read (an empty column: "
                       "none of their kernels was read), so a difference there may be the cut, not the card.")
        .arg(QString::fromStdString(d.damaged));
}

/// " Communication kernels are not in it: …" when the summary names any communication; else "".
QString communicationNote(const query::ProfileSummary* summary) {
    // the grids hold computation only: a run whose largest consumer is a collective showed no sign of it
    // (issue 19, HTA nccl_parser_config: ncclKernel_AllReduce absent without a word)
    const bool any = summary && std::any_of(summary->communication.begin(), summary->communication.end(),
                                            [](uint8_t c) { return c != 0; });
    return any ? QObject::tr(" Communication kernels are not in it: the Communication panel shows them.")
               : QString();
}

QString opRankCaption(const HeatCaptionInput& in) {
    const query::HeatmapData& d = *in.data;
    int flagged = 0;
    for (const auto& row : d.cells)
        for (const auto& c : row)
            flagged += c.flagged;
    // an empty grid says nothing of stragglers: there was nothing to compare
    // a cut rank's cells hold part of its kernels: said beside the verdict, not left to the banner; the
    // hatched cells name their files, other unread files of the shown ranks are named in words
    const std::string cut = query::cutRanksNote(d);
    // the ratio is named too (walk 52b: the default caption said slow cells, never what colours them)
    const bool coloured = !d.rows.empty() && d.columnKeys.size() >= 2 &&
                          (in.statistic != HeatStatistic::Ratio || query::heatCellCounts(d).withRatio > 0);
    const QString colour =
        coloured ? QObject::tr(" Colour: %1.").arg(statisticName(in.statistic, d.mode)) : QString();
    // cells counting kernels the timeline leaves out (walk 53b): a click on one finds no span drawn
    const std::string lanes = query::notDrawnNote(d);
    const QString notDrawn = lanes.empty() ? QString() : " " + QString::fromStdString(lanes) + ".";
    const QString fellBack =
        in.fellBackFrom.isEmpty()
            ? QString()
            : QObject::tr(" The layout last used, %1, has one step here: nothing to compare across steps — "
                          "op × rank compares ranks.")
                  .arg(in.fellBackFrom);
    return (d.rows.empty()
                ? QObject::tr("No device kernels with op statistics: no slow cell can be looked for.")
                : stragglerCaption(in, flagged, d.columnKeys.size(), query::heatCellCounts(d))) +
           colour +
           (cut.empty() ? damagedNote(d) : QObject::tr(" Hatched: %1.").arg(QString::fromStdString(cut))) +
           notDrawn + fellBack + communicationNote(in.summary);
}

QString stepCaption(const HeatCaptionInput& in) {
    const query::HeatmapData& d = *in.data;
    const HeatStatistic stat = in.statistic;
    // a grid whose ratios compare nothing shows its total time (HeatmapView::followComparable): said why
    const QString why = stat == HeatStatistic::Total && !HeatmapView::ratiosCompare(d)
                            ? QObject::tr(" Total time, not the ratio: %1.").arg(nothingToCompare(d))
                            : QString();
    const bool ratio = stat == HeatStatistic::Ratio;
    // the ratio's sentence names no statistic: one argument each (two to one placeholder made Qt warn
    // "1 argument(s) missing" on every export --state of a rank × step grid, walk 53c). It says the cells'
    // numbers are ratios, as drawn (issue 19: "Mean duration …" over cells reading "1.40")
    const QString subject =
        d.mode == Mode::OpByStep ? rankName(in.summary, d.rank) : QString::fromStdString(d.opType);
    if (d.mode == Mode::OpByStep)
        return (ratio ? QObject::tr(
                            "Each cell: the op type's mean duration in the step on %1 as a ratio to the "
                            "op type's lower median step (the number and the colour).")
                            .arg(subject)
                      : QObject::tr("Op types per step on %1, coloured by their %2 in the step.")
                            .arg(subject, statisticName(stat, d.mode))) +
               why + communicationNote(in.summary);
    return (ratio
                ? QObject::tr("Each cell: the mean duration of %1 on the rank in the step as a ratio to the "
                              "step's lower median over ranks (the number and the colour).")
                      .arg(subject)
                : QObject::tr("%1 per rank and step, coloured by its %2 in the step.")
                      .arg(subject, statisticName(stat, d.mode))) +
           why + communicationNote(in.summary);
}
} // namespace

HeatCaptionInput heatCaptionInput(const query::ProfileSummary* summary, const query::HeatmapData* data,
                                  HeatStatistic statistic) {
    HeatCaptionInput in;
    in.data = data;
    in.statistic = statistic;
    in.summary = summary;
    if (summary) // the shown run's, as the app gives the view (MainWindow::showSummary)
        for (const auto& r : summary->runs)
            if (r.run == summary->run) in.complete = r.complete, in.worldSize = r.worldSize;
    return in;
}

QString heatmapCaption(const HeatCaptionInput& in) {
    // the caption names the statistic the cells are coloured by, as the legend does (walk 52: "coloured by
    // the ratio to the op type's median step" over a "total time" legend)
    if (!in.data) return {};
    return in.data->mode == Mode::OpByRank ? opRankCaption(in) : stepCaption(in);
}

QString nothingToCompare(const query::HeatmapData& d) {
    if (d.mode == Mode::OpByRank) return QObject::tr("one rank, so no ratio to the other ranks");
    if (d.mode == Mode::OpByStep)
        return QObject::tr("one step, so nothing to compare across steps (op × rank compares ranks)");
    return QObject::tr("one rank, so no ratio to the step's other ranks");
}

} // namespace rs::views
