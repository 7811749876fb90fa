#include "app/gui/exportscene.h"

#include "app/gui/captionbuilder.h"
#include "app/gui/linktrackfilter.h"
#include "app/gui/manyrankspicture.h"

#include "core/annotate/annotation.h"
#include "core/query/analysisqueries.h"
#include "core/query/commmatrix.h"
#include "core/query/flowquery.h"
#include "core/query/rankqueries.h"
#include "core/query/stepsapart.h"
#include "core/query/wholetracestep.h"
#include "views/annotate/annotationmodel.h"
#include "views/comm/commmatrixcanvas.h"
#include "views/comm/commmatrixview.h"
#include "views/common/interactionstate.h"
#include "views/common/timemapping.h"
#include "views/heatmap/heatmapcanvas.h"
#include "views/heatmap/heatmapcaption.h"
#include "views/heatmap/heatmapview.h"
#include "views/memory/memorymapcanvas.h"
#include "views/memory/memorymapview.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QDateTime>
#include <algorithm>
#include <nlohmann/json.hpp>

namespace rs::gui {

ExportScene::ExportScene(const QString& dbPath, const QString& profile, std::optional<int> run)
    : m_db(dbPath.toStdString(), true), m_profile(profile),
      m_state(std::make_unique<views::InteractionState>()),
      m_annotations(std::make_unique<views::AnnotationModel>()) {
    m_lanes = std::make_unique<query::LaneReader>(m_db, dbPath.toStdString());
    m_summary = m_lanes->summary(run);
    m_state->setBounds(m_summary->startNs, m_summary->endNs);
    annotate::AnnotationSet set;
    std::string error;
    if (set.load(annotate::annotationsPath(dbPath.toStdString()), error)) {
        m_annotations->setAnnotations(set);
        m_annotations->setFacts(query::anchorFacts(*m_lanes, set));
    }
    m_timeline.setSummary(m_summary);
    views::LayoutOptions o = m_timeline.layoutOptions();
    views::applyRankDefaults(o, *m_summary); // many ranks: the overview, as the app opens them
    m_timeline.setLayoutOptions(o);
    m_heatmap = std::make_unique<views::HeatmapCanvas>();
    m_heatmap->setAnnotations(m_annotations.get());
    m_memory = std::make_unique<views::MemoryMapView>(m_state.get(), nullptr);
    m_memory->canvas()->setAnnotations(m_annotations.get());
    // its ranks by the numbers the data gives them: run 1 of a folder whose runs share rank numbers captioned
    // its map "Rank 10002" (the index key) under a picture of rank 2
    m_memory->setProfile(m_summary->ranks, m_summary->dataRank);
    // the rank worth a memory picture: one with a bank anomaly
    auto report = nlohmann::json::parse(m_summary->reportJson, nullptr, false);
    m_memoryRank = m_summary->ranks.empty() ? 0 : m_summary->ranks.front();
    if (report.is_object() && !report["memory"]["bank_anomalies"].empty())
        for (const auto& b : report["memory"]["bank_anomalies"]) {
            int r = b["rank"].get<int>();
            if (std::count(m_summary->ranks.begin(), m_summary->ranks.end(), r)) {
                m_memoryRank = r;
                break;
            }
        }
}

ExportScene::~ExportScene() = default;

void ExportScene::setCountersShown(bool on) {
    views::LayoutOptions o = m_timeline.layoutOptions();
    if (on)
        o.hiddenKinds.erase("counter");
    else
        o.hiddenKinds.insert("counter");
    m_timeline.setLayoutOptions(o);
}

void ExportScene::apply(const ViewState& s) {
    if (s.window) setWindow(s.window->first, s.window->second);
    setRanks(s.ranks);
    views::LayoutOptions o = m_timeline.layoutOptions();
    if (o.headerHeight != views::LayoutOptions::kHeaderHeight && !s.collapsed.empty())
        o.collapsedRanks = s.collapsed; // the overview's saved state says which ranks the user expanded
    else
        o.collapsedRanks.insert(s.collapsed.begin(), s.collapsed.end());
    for (qint64 t : s.pinned)
        if (std::find(o.pinned.begin(), o.pinned.end(), t) == o.pinned.end()) o.pinned.push_back(t);
    o.filter = s.trackFilter;
    m_timeline.setLayoutOptions(o);
    m_timeline.setAligned(s.aligned);
    m_timeline.setShowWaits(s.showWaits);
    if (s.memoryRank) m_memoryRank = *s.memoryRank;
    m_commStep = s.commStep;
    m_commGroup = s.commGroup;
    // the heatmap the view showed: its layout and statistic (walk 53a: a saved rank × step grid exported
    // as op × rank)
    m_heatmapMode = std::max(0, s.heatmapMode);
    m_heatmapOp = s.heatmapOp;
    m_heatmapRank = s.heatmapRank;
    m_heatmapStatistic = s.heatmapStatistic;
    m_heatmapLoaded = false;
    setSelection(s.selection);
}

void ExportScene::setShowAnnotations(bool on) {
    m_annotationsShown = on;
    m_timeline.setAnnotationsShown(on);
    m_heatmap->setAnnotationsShown(on);
    m_memory->canvas()->setAnnotationsShown(on);
}

void ExportScene::setRanks(const std::set<int>& ranks) {
    views::LayoutOptions o = m_timeline.layoutOptions();
    showRanks(o, ranks);
    m_timeline.setLayoutOptions(o);
    if (!ranks.empty() && !ranks.count(m_memoryRank)) m_memoryRank = *ranks.begin();
}

void ExportScene::setHeatmapRanks(const std::vector<int>& ranks) {
    m_heatmapRanks = ranks;
    m_heatmapLoaded = false;
}

bool ExportScene::showOutlyingRanks() {
    const auto picture = manyRanksPicture(*m_summary); // the app's File ▸ Export applies the same rule
    if (!picture) return false;
    setRanks(picture->ranks);
    m_ranksNote = picture->note;
    return true;
}

void ExportScene::setWindow(qint64 t0, qint64 t1) {
    m_step.reset();
    m_stepLacking.clear();
    m_state->setWindow(t0, std::max(t1, t0 + 1));
}

std::vector<int> ExportScene::shownRanks() const {
    const auto& shown = m_timeline.layoutOptions().onlyRanks;
    std::vector<int> ranks;
    for (int rank : m_summary->ranks)
        if (shown.empty() || shown.count(rank)) ranks.push_back(rank);
    return ranks;
}

bool ExportScene::zoomToStep(int64_t step) {
    // every shown rank, not the first alone: rank 0 numbering its steps from 1 beside rank 1's whole trace
    // (step 0) failed `--step 0` (r47b)
    const auto on = query::stepOnRanks(*m_summary, shownRanks(), step);
    const QString lacking = QString::fromStdString(query::lackingStepText(*m_summary, on.lacking, step));
    if (on.step) {
        const int64_t pad = (on.step->endNs - on.step->startNs) / 20;
        setWindow(on.step->startNs - pad, on.step->endNs + pad);
        m_step = step;
        // an explicit step (export --step) wins over a saved view's Communication step, which is every
        // saved view's ("all" unless one was chosen): the matrix followed --step before views kept it
        m_commStep.reset();
    }
    m_stepLacking = lacking; // after setWindow, which forgets the step
    return on.step != nullptr;
}

QString ExportScene::stepOnOtherClock(int64_t step) {
    return QString::fromStdString(query::stepOnOtherClockText(*m_summary, shownRanks(), step));
}

void ExportScene::setSelection(const views::Selection& given) {
    views::Selection s = given;
    if (s.kind == views::Selection::Kind::CommLink && s.spans.empty()) { // --select link:…: its collectives,
        const auto link = query::linkSpans( // outlined on the timeline as the live view resolves them
            *m_lanes, m_summary->run, s.step >= 0 ? std::optional<int64_t>(s.step) : std::nullopt,
            s.group.toStdString(), s.linkSrc, s.linkDst);
        s.setLinkSpans(link.spans, link.trackIds);
        if (link.collectives > 0) showLinkRanks(s);
    }
    // --select span:ID names no rank: the span's own, and its extent (outlined when zoomed out, where it
    // is a bucket without an id), as a click in the app gives them (walk 53a: the CLI's caption read
    // "span 29795", the app's "span 29795 on rank 6")
    if (s.kind == views::Selection::Kind::Span && s.rank < 0)
        if (const auto d = m_lanes->spanDetail(s.spanId)) {
            s.rank = d->rank;
            s.startNs = d->tsNs;
            s.endNs = d->tsNs + d->durNs;
        }
    m_state->setSelection(s);
    if (s.rank >= 0 && (s.kind == views::Selection::Kind::OpType || s.kind == views::Selection::Kind::Tensor))
        m_memoryRank = s.rank;
}

void ExportScene::showLinkRanks(const views::Selection& link) {
    // as the app's Communication view does for a selected link (LinkTrackFilter): its two ranks through the
    // track filter when they are global — a saved view's link showed ranks 1 and 5 in the app, every rank
    // here (walk r51c)
    query::CommMatrixRequest r;
    r.run = m_summary->run;
    if (!link.group.isEmpty()) r.group = link.group.toStdString();
    if (query::commMatrixScope(m_db, r) != "global") return; // the groups alone, not the links
    QList<qint64> ranks{link.linkSrc};
    if (link.linkDst != link.linkSrc) ranks << link.linkDst;
    views::LayoutOptions o = m_timeline.layoutOptions();
    o.filter = LinkTrackFilter::filterText(ranks);
    m_timeline.setLayoutOptions(o);
}

void ExportScene::setMemoryRank(int rank) {
    m_memoryRank = rank;
}

query::HeatmapData ExportScene::heatmapOfLayout() {
    const std::vector<int>& ranks = m_heatmapRanks.empty() ? m_summary->ranks : m_heatmapRanks;
    const bool ranksOfRun = std::find(ranks.begin(), ranks.end(), m_heatmapRank) != ranks.end();
    if (m_heatmapMode == 1 && ranksOfRun) { // as the app's query service asks it
        query::HeatmapData h = query::loadOpStepHeatmap(m_db, m_heatmapRank);
        h.rank = m_heatmapRank;
        return h;
    }
    if (m_heatmapMode == 2 && !m_heatmapOp.isEmpty())
        return query::rankStepHeatmap(*m_lanes, m_heatmapOp.toStdString(), ranks);
    return query::loadOpRankHeatmap(m_db, ranks);
}

void ExportScene::loadHeatmap() {
    if (m_heatmapLoaded) return;
    m_heatmap->setData(std::make_shared<const query::HeatmapData>(heatmapOfLayout()));
    // the statistic chosen, else ratios where they compare something and total time where they do not
    // (one rank: no ratio to the others), as the app shows it
    auto chosen = views::HeatmapView::statisticFromKey(m_heatmapStatistic);
    if (chosen) chosen = views::HeatmapView::shownFor(*chosen, m_heatmap->data()->mode); // as the view offers
    if (chosen &&
        (*chosen != views::HeatStatistic::Ratio || views::HeatmapView::ratiosCompare(*m_heatmap->data())))
        m_heatmap->setStatistic(*chosen);
    else
        m_heatmap->setStatistic(views::HeatmapView::ratiosCompare(*m_heatmap->data())
                                    ? views::HeatStatistic::Ratio
                                    : views::HeatStatistic::Total);
    m_heatmapLoaded = true;
}

bool ExportScene::heatmapCompares() {
    loadHeatmap();
    const auto* d = m_heatmap->data();
    if (!d) return false;
    for (const auto& row : d->cells)
        for (const auto& c : row)
            if (c.present && !c.noSharedKernels) return true;
    return false;
}

QString ExportScene::heatmapCaption() {
    loadHeatmap();
    return views::heatmapCaption(
        views::heatCaptionInput(m_summary.get(), m_heatmap->data(), m_heatmap->statistic()));
}

bool ExportScene::heatmapInRatios() {
    loadHeatmap();
    return m_heatmap->statistic() == views::HeatStatistic::Ratio;
}

QString ExportScene::nothingToDraw(const QString& view) {
    const QString run = QString::number(m_summary->run);
    if (view == "heatmap") {
        loadHeatmap();
        const auto* d = m_heatmap->data();
        if (d && !d->rows.empty()) return {};
        if (!d || d->emptyReason.empty())
            return QString("no device kernel with op statistics in run %1").arg(run);
        QString why = QString::fromStdString(d->emptyReason); // "No device kernels: the profile has …"
        return why.left(1).toLower() + why.mid(1);
    }
    if (view == "memory") {
        // a cluster index keeps tensors and samples in its shards: it cannot tell, and does not claim
        if (!m_db.scalarText("SELECT value FROM meta WHERE key = 'cluster_shards'").empty()) return {};
        std::string in;
        for (int r : m_summary->ranks) { // appended: GCC 12 warns falsely on "" + std::string (stringop)
            if (!in.empty()) in += ',';
            in += std::to_string(r);
        }
        if (in.empty() || m_db.scalar("SELECT EXISTS(SELECT 1 FROM tensor WHERE rank IN (" + in +
                                      ")) OR EXISTS(SELECT 1 FROM memory_sample WHERE rank IN (" + in + "))"))
            return {};
        return QString("no rank of run %1 has memory records (tensors or a memory curve)").arg(run);
    }
    if (view == "comm") {
        // said like the others (walk 21 F: cluster_propose's set left the matrix out without a word)
        query::CommMatrixRequest r;
        r.run = m_summary->run;
        const auto m = query::loadCommMatrix(m_db, r);
        if (!m.cells.empty()) return {};
        return QString("nothing to draw for run %1: %2").arg(run, QString::fromStdString(m.empty));
    }
    return {};
}

/// The matrix of the run: the step zoomed to when it has links, the group of a selected link; a saved
/// view's step over both (its caption and its cells are of that step).
Picture ExportScene::prepareComm(int width, int height) {
    if (!m_comm) m_comm = std::make_unique<views::CommMatrixCanvas>();
    query::CommMatrixRequest r;
    r.run = m_summary->run;
    const auto& sel = m_state->selection();
    if (sel.kind == views::Selection::Kind::CommLink) {
        if (!sel.group.isEmpty()) r.group = sel.group.toStdString();
        if (sel.step >= 0) r.step = sel.step;
    }
    if (m_commGroup) r.group = m_commGroup->toStdString(); // the group the saved view's matrix showed
    auto all = query::loadCommMatrix(m_db, r);
    if (m_commGroup && !all.listsGroup(*r.group)) { // one this run lacks: its default, as the app shows
        r.group.reset();
        all = query::loadCommMatrix(m_db, r);
    }
    if (m_step && std::count(all.steps.begin(), all.steps.end(), *m_step)) {
        r.step = *m_step;
        all = query::loadCommMatrix(m_db, r);
    }
    if (m_commStep && r.step.value_or(-1) != *m_commStep) { // the step the saved view's matrix showed
        r.step = *m_commStep >= 0 ? std::optional<int64_t>(*m_commStep) : std::nullopt;
        all = query::loadCommMatrix(m_db, r);
    }
    const bool logical = all.sizeOnly();
    m_comm->setMatrix(std::make_shared<const query::CommMatrix>(std::move(all)));
    m_comm->setMetric(logical ? views::CommMetric::Size : views::CommMetric::Bandwidth);
    m_comm->setSelected(sel.kind == views::Selection::Kind::CommLink ? sel.linkSrc : -1,
                        sel.kind == views::Selection::Kind::CommLink ? sel.linkDst : -1);
    const QSize hint = m_comm->sizeHint();
    m_comm->resize(std::max({hint.width(), width, 480}), height > 0 ? height : std::max(hint.height(), 300));
    return widgetPicture(*m_comm);
}

Picture ExportScene::prepare(const QString& view, int width, int height) {
    if (view == "comm") return prepareComm(width, height);
    if (view == "heatmap") {
        loadHeatmap();
        auto* c = m_heatmap.get();
        // the selection's cells as the heatmap view highlights them, and only its: the canvas lives as long
        // as the scene, and a report's annotation picture kept the last finding's cells
        c->setHighlights(views::HeatmapView::highlightsFor(c->data(), m_state->selection()));
        QSize hint = c->sizeHint();
        c->resize(std::max({hint.width(), width, 480}), height > 0 ? height : std::max(hint.height(), 360));
        return widgetPicture(*c);
    }
    if (view == "memory") {
        m_memory->setData(
            std::make_shared<const query::MemoryMapData>(query::loadMemoryMap(*m_lanes, m_memoryRank)));
        m_memory->resize(width > 0 ? width : 1600, height > 0 ? height : 720);
        m_memory->show(); // lays out the canvas, the bank strip and the curves so render() draws them
        QCoreApplication::processEvents();
        if (m_state->windowStart() > m_summary->startNs || m_state->windowEnd() < m_summary->endNs)
            m_memory->canvas()->setTimeWindow(m_state->windowStart(), m_state->windowEnd());
        m_memory->plot()->replot();
        return memoryPicture(*m_memory);
    }
    return prepareTimeline(width, height);
}

Picture ExportScene::prepareTimeline(int width, int height) {
    // every lane of the shown ranks (or the height asked), drawn by the widget's frame builder and painter
    if (width <= 0) width = 1600;
    const int h = height > 0 ? height : m_timeline.fullHeight();
    m_cut = h > kMaxPictureHeight;
    const int shown = std::min(h, kMaxPictureHeight);
    const auto request = m_timeline.request(m_state->windowStart(), m_state->windowEnd(),
                                            width - views::Viewport::kGutter, 0, shown);
    m_timeline.setData(std::make_shared<const query::TimelineData>(m_lanes->timeline(request)));
    // the selected span's flow arrows and, when asked, the window's, as the screen draws them
    const views::Selection& sel = m_state->selection();
    std::vector<query::FlowArrow> flows;
    query::FlowArrows windowFlows;
    if (sel.kind == views::Selection::Kind::Span && sel.spanId)
        flows = query::spanFlows(*m_lanes, sel.spanId).arrows;
    if (m_windowFlows)
        windowFlows =
            query::windowFlows(*m_lanes, m_timeline.flowRequest(m_state->windowStart(), m_state->windowEnd(),
                                                                0, shown, query::flowCategories(*m_lanes)));
    if (flows.empty() && windowFlows.arrows.empty()) {
        m_timeline.setFlows(nullptr);
    } else {
        views::FlowOverlay o = views::FlowOverlay::merge(sel.spanId, flows, windowFlows.arrows);
        o.setWindowCounts(windowFlows);
        m_timeline.setFlows(std::make_shared<const views::FlowOverlay>(std::move(o)));
    }
    return timelinePicture(m_timeline.picture(width, shown, *m_state, m_annotations.get()), &m_pictured);
}

Caption ExportScene::caption(const QString& view) const {
    CaptionInput in;
    in.view = view;
    in.profile = m_profile;
    in.summary = m_summary.get();
    in.state = m_state.get();
    in.annotations = m_annotations.get();
    in.annotationsDrawn = m_annotationsShown;
    if (view == "timeline") {
        in.unlabelled = m_pictured.unlabelled;
        in.timelineDrawn = std::set<QString>(m_pictured.drawn.begin(), m_pictured.drawn.end());
    }
    in.shownRanks = m_timeline.layoutOptions().onlyRanks;
    in.trackFilter = m_timeline.layoutOptions().filter; // a saved view's (export --state)
    in.laidOutRanks = m_timeline.layout().ranks();      // the ranks that filter leaves
    in.heatmapRanks = std::set<int>(m_heatmapRanks.begin(), m_heatmapRanks.end());
    in.memoryRank = m_memoryRank;
    in.memoryData = m_memory->dataSpan();
    in.step = m_step;
    in.stepLacking = m_stepLacking;
    in.lanesCut = m_cut;
    in.waitsShown = m_timeline.showWaits();
    in.flowsShown = m_timeline.flows() != nullptr; // the picture's arrows, named in its legend
    in.legend = true;
    in.comm = m_comm.get();
    if (m_comm && m_comm->matrix()) // a step selected that the matrix pictured does not show, as the app says
        in.commStepNote = views::CommMatrixView::stepNoteFor(
            m_state->selection(), m_comm->matrix()->step ? qint64(*m_comm->matrix()->step) : -1);
    in.ranksNote = m_ranksNote;
    in.heatmap = m_heatmap->data();
    in.heatmapStatistic = m_heatmap->statistic();
    return buildCaption(in);
}

bool ExportScene::write(const QString& view, int width, int height, double scale, const QString& path,
                        QString& error) {
    const Picture pic = prepare(view, width, height);
    Caption c = caption(view);
    return writeImage(pic, &c, scale, path, error);
}

QImage ExportScene::image(const QString& view, int width, int height, double scale) {
    const Picture pic = prepare(view, width, height);
    Caption c = caption(view);
    return renderImage(pic, &c, scale);
}

} // namespace rs::gui
