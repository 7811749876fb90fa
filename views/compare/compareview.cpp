#include "views/compare/compareview.h"

#include "views/common/plural.h"

#include "views/common/timemapping.h"
#include "views/common/wholelines.h"
#include "views/compare/deltagrid.h"
#include "views/compare/memoryoverlay.h"
#include "views/compare/spanpairview.h"
#include "views/compare/stepoverlay.h"

#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <cmath>

namespace rs::views {

namespace {
QString subject(const compare::Delta& d) {
    if (d.kind == "op")
        return QString::fromStdString(d.opType) + (d.statistic == "median" ? " median" : " per step");
    // the step's pool, the link and the bank placement in the CLI's words (walk 30: "p95" named two pools)
    if (d.kind == "step" || d.kind == "link" || d.kind == "bank_anomaly")
        return QString::fromStdString(compare::deltaSubject(d));
    if (d.kind == "collective")
        return QObject::tr("%1 #%2 transfer").arg(QString::fromStdString(d.opType)).arg(d.seq);
    if (d.kind == "comm_wait") return QObject::tr("communication wait per step");
    return d.kind == "memory_allocated" ? QObject::tr("peak allocated") : QObject::tr("peak reserved");
}
/// One delta's whole text, as `rankscope compare` words it: "MatMulV2 median +30.0 % on rank 3 (124 µs ->
/// 161 µs)", a figure over ranks with what it is of them.
QString deltaText(const compare::Delta& d) {
    std::string t = compare::deltaSubject(d);
    t.append(" ").append(compare::deltaChange(d));
    t.append(d.rank ? " on rank " + std::to_string(*d.rank) : std::string(" over the ranks"));
    t.append(" (").append(compare::deltaValues(d)).append(compare::overText(d)).append(")");
    return QString::fromStdString(t);
}
/// Every column's tooltip the row's whole text: a column cut at the panel's edge is read there.
void tipEveryColumn(QTreeWidgetItem* it, const QString& text) {
    for (int c = 0; c < it->columnCount(); ++c)
        it->setToolTip(c, text);
}
QString value(const compare::Delta& d, double v) {
    if (d.kind == "bank_anomaly") return v > 0 ? QString::fromStdString(d.detail) : QObject::tr("none");
    if (d.kind == "link" && d.statistic == "bandwidth") return QString::asprintf("%.1f GB/s", v);
    if (d.kind.rfind("memory", 0) == 0) return QString::asprintf("%.1f MiB", v / 1048576.0);
    return formatDuration(int64_t(v));
}
} // namespace

CompareView::CompareView(QWidget* parent) : QWidget(parent) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(4, 4, 4, 4);
    m_verdict = new QLabel(tr("Choose File ▸ Compare with… to compare this run with another"), this);
    m_verdict->setWordWrap(true);
    m_verdict->setAlignment(Qt::AlignLeft | Qt::AlignTop); // its lines where labelLineRects finds them
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_swap = new QPushButton(tr("Swap baseline and candidate"), this);
    m_swap->setToolTip(tr("Compare the same two runs the other way round (remembered for the next "
                          "comparison)"));
    m_swap->setEnabled(false);
    connect(m_swap, &QPushButton::clicked, this, &CompareView::swapRequested);
    auto* head = new QHBoxLayout;
    // the verdict scrolls in an area of at most kVerdictShare of the panel: wrapped whole at 800 × 600 it
    // took the dock's height and pushed the regression list and the heatmap out of it (walk 52)
    m_verdictArea = new QScrollArea(this);
    m_verdictArea->setFrameShape(QFrame::NoFrame);
    m_verdictArea->setWidgetResizable(true);
    m_verdictArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_verdictArea->setWidget(m_verdict);
    head->addWidget(m_verdictArea, 1);
    head->addWidget(m_swap, 0, Qt::AlignTop);
    lay->addLayout(head);
    auto* split = new QSplitter(Qt::Horizontal, this);
    auto* left = new QSplitter(Qt::Vertical, split);
    auto* listBox = new QWidget(left); // the list, the current row's whole text under it
    auto* listLay = new QVBoxLayout(listBox);
    listLay->setContentsMargins(0, 0, 0, 0);
    m_list = new QTreeWidget(listBox);
    m_rowText = new QLabel;
    m_rowText->setWordWrap(true);
    m_rowText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_rowText->setTextFormat(Qt::PlainText);
    m_rowText->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // the row's text scrolls in a strip of kRowTextLines lines: a wrapped label's height follows its width,
    // which no layout's minimum counts, so a short panel drew it over the list and the spans (walk 52b)
    m_rowArea = new QScrollArea(listBox);
    m_rowArea->setFrameShape(QFrame::NoFrame);
    m_rowArea->setWidgetResizable(true);
    m_rowArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_rowArea->setWidget(m_rowText);
    m_rowArea->setFixedHeight(kRowTextLines * m_rowText->fontMetrics().lineSpacing() + 4);
    m_rowArea->hide();
    listLay->addWidget(m_list, 1);
    listLay->addWidget(m_rowArea);
    connect(m_list, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* it) {
        m_rowText->setText(it ? it->toolTip(0) : QString());
        m_rowArea->setVisible(!m_rowText->text().isEmpty());
        fitRowText();
        // the side-by-side spans follow the current row (walk 51b: the wrapped text said the wait's row
        // while the spans stayed MatMulV2's); activating it also selects it in the other views
        if (const compare::Delta* d = deltaOf(it); d && m_shownDelta != d) askSpans(*d);
    });
    m_list->setHeaderLabels(columnNames());
    m_list->setRootIsDecorated(true); // a root's per-rank deltas fold under it
    m_list->setAlternatingRowColors(true);
    // the numbers' columns at their contents' widths, the sentence in what is left of the list's width,
    // elided with "…" (its whole text is the row's tooltip and the strip under the list): sized to its
    // contents it pushed Rank, Baseline and Candidate behind a horizontal scroll bar and was cut at the
    // pane's edge mid-word (issue 19, the Comparison dock at 1440 × 760)
    // (fitColumns, on every width the list takes)
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_list->setTextElideMode(Qt::ElideRight);
    m_list->header()->setTextElideMode(Qt::ElideRight); // a column's name too, never cut mid-word
    // (Qt 6.4's header clips its labels whatever its mode: fitColumns elides them itself)
    m_list->viewport()->installEventFilter(this);
    connect(m_list, &QTreeWidget::itemExpanded, this, [this] { fitColumns(); });
    connect(m_list, &QTreeWidget::itemCollapsed, this, [this] { fitColumns(); });
    m_list->setToolTip(
        tr("Deltas beyond their thresholds, listed %1; activate one to select its op type, link "
           "or bank anomaly and see its spans in both runs")
            .arg(QString::fromUtf8(compare::kOrderRule)));
    m_spanPair = new SpanPairView;
    auto* spanScroll = new QScrollArea(left);
    spanScroll->setWidget(m_spanPair);
    spanScroll->setWidgetResizable(true);
    left->setStretchFactor(0, 1);
    left->setStretchFactor(1, 2);
    auto* right = new QSplitter(Qt::Vertical, split);
    m_grid = new DeltaGrid;
    auto* scroll = new QScrollArea(right);
    scroll->setWidget(m_grid);
    scroll->setWidgetResizable(true);
    m_steps = new StepOverlay(right);
    m_memory = new MemoryOverlay(right);
    m_steps->setNote(noComparisonText()); // until a comparison arrives
    m_memory->setNote(noComparisonText());
    // every part keeps the height its text needs: squeezed to two lines the charts drew their titles and
    // axis labels over each other (walk 52b: "13.6 ms" on "baseline: 152 rank-steps …"). A dock shorter
    // than the panel's minimum scrolls the whole panel (the dock's scroll area), its verdict and list first
    const int line = fontMetrics().lineSpacing();
    m_list->setMinimumHeight(5 * line); // its header and three rows
    spanScroll->setMinimumHeight(4 * line);
    scroll->setMinimumHeight(6 * line); // its rank header and a few op types
    for (auto* s : {split, left, right})
        s->setChildrenCollapsible(false); // a part dragged to nothing is lost to a user who does not know
    right->setStretchFactor(0, 3);        // the heatmap's rows need the height more than the distributions
    right->setStretchFactor(1, 2);
    right->setStretchFactor(2, 2);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    lay->addWidget(split, 1);
    m_verdictArea->installEventFilter(this);
    m_rowArea->installEventFilter(this);
    fitVerdict();
    connect(m_grid, &DeltaGrid::cellClicked, this, &CompareView::opTypeChosen);
    connect(m_list, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* it) {
        const compare::Delta* d = deltaOf(it);
        if (!d) return;
        choose(*d);
        askSpans(*d);
    });
}

const compare::Delta* CompareView::deltaOf(const QTreeWidgetItem* it) const {
    if (!it || !m_data) return nullptr;
    const int k = it->data(3, Qt::UserRole).toInt(); // index into regressions, then improvements
    const auto& r = m_data->result;
    const size_t nr = r.regressions.size();
    if (k < 0 || size_t(k) >= nr + r.improvements.size()) return nullptr;
    return size_t(k) < nr ? &r.regressions[size_t(k)] : &r.improvements[size_t(k) - nr];
}

void CompareView::choose(const compare::Delta& d) {
    if (!d.opType.empty() && (d.kind == "op" || d.kind == "collective"))
        emit opTypeChosen(QString::fromStdString(d.opType), d.rank.value_or(-1));
    // a link by the key both records name it by (walk 32: link and bank rows selected nothing)
    if (d.kind == "link")
        for (const auto* rec : {&m_data->candidate, &m_data->baseline})
            if (auto it = rec->links.find(d.opType); it != rec->links.end()) {
                emit linkChosen(it->second.src, it->second.dst, QString::fromStdString(it->second.group));
                break;
            }
    if (d.kind == "bank_anomaly" && d.rank) emit bankChosen(QString::fromStdString(d.opType), *d.rank);
}

compare::SpanRequest CompareView::spanRequestFor(const compare::Delta& d, QString* why) const {
    compare::SpanRequest q;
    QString chosen;
    q.kind = d.kind;
    q.opType = d.opType;
    q.seq = d.seq;
    if (d.rank) {
        q.dataRank = *d.rank;
    } else if (m_data && d.kind == "op") { // the rank where the op type moved most
        double worst = -1;
        for (size_t row = 0; row < m_data->opTypes.size(); ++row)
            if (m_data->opTypes[row] == d.opType)
                for (size_t col = 0; col < m_data->ranks.size(); ++col)
                    if (double x = std::abs(m_data->at(row, col) - 1.0);
                        m_data->at(row, col) > 0 && x > worst)
                        worst = x, q.dataRank = m_data->ranks[col], chosen = tr("where it moved most");
    } else if (m_data && d.kind.rfind("memory", 0) == 0) {
        q.dataRank = m_data->memory[0].dataRank;
        chosen = tr("whose memory is drawn");
    }
    if (q.dataRank < 0 && m_data && !m_data->ranks.empty()) {
        q.dataRank = m_data->ranks.front();
        chosen = tr("the first matched");
    }
    if (why) *why = chosen;
    return q;
}

void CompareView::askSpans(const compare::Delta& d) {
    m_shownDelta = &d;
    QString why;
    const auto q = spanRequestFor(d, &why);
    if (q.dataRank < 0) return;
    const QString change = QString::fromStdString(compare::deltaChange(d));
    // a figure over every rank is not one rank's (walk 13: "on rank 4" for an every-rank delta): the
    // strip's spans are one rank's, said as such; and it is not every rank's either (walk 52b: "+50.0 %
    // over every rank" above "+50.0 % on 7 of 8 ranks (rank 3: +7.0 %)")
    m_spanSubject = d.rank ? tr("%1 %2 on rank %3").arg(subject(d), change).arg(q.dataRank)
                           : tr("%1 %2 over all ranks together (one rank's own change can differ: its row "
                                "says); the spans of rank %3, %4")
                                 .arg(subject(d), change)
                                 .arg(q.dataRank)
                                 .arg(why);
    emit spansWanted(q);
}

void CompareView::setSpans(std::shared_ptr<const compare::SpanPair> spans) {
    m_spanPair->setSpans(std::move(spans), m_spanSubject);
}

QString CompareView::noComparisonText() {
    return tr("No comparison yet: File ▸ Compare with… (another profile) or File ▸ Compare with run");
}

void CompareView::fitVerdict() {
    // the share of the panel, and no more than kVerdictLines: the panel may be taller than its dock (it
    // scrolls there), and the list must still show in the dock's first screen
    const int line = m_verdict->fontMetrics().lineSpacing();
    const int lines = std::clamp(int(height() * kVerdictShare) / line, 2, kVerdictLines);
    // cut between two of the label's own lines, never through one: lines × lineSpacing() + 4 px cut the
    // second line of the rich text, whose lines and margin are its document's (walk 54); the width is the
    // viewport's, less the scroll bar's when the text will scroll
    int w = std::max(1, m_verdictArea->width());
    const int room = lines * line + 4;
    if (m_verdict->heightForWidth(w) > room) w -= m_verdictArea->verticalScrollBar()->sizeHint().width();
    const int wanted = wholeLinesHeight(m_verdict, w, room);
    // a fixed height: a layout squeezing it between a minimum and a maximum cut a line again
    m_verdictArea->setFixedHeight(std::max(wanted, 1));
}

QList<QRect> CompareView::verdictLineRects() const {
    return labelLineRects(m_verdict, m_verdict->width());
}

void CompareView::fitRowText() {
    // kRowTextLines of the label's own lines at most, cut between two (as the verdict's)
    const int room = kRowTextLines * m_rowText->fontMetrics().lineSpacing() + 4;
    int w = std::max(1, m_rowArea->width());
    if (m_rowText->heightForWidth(w) > room) w -= m_rowArea->verticalScrollBar()->sizeHint().width();
    m_rowArea->setFixedHeight(std::max(1, wholeLinesHeight(m_rowText, w, room)));
}

void CompareView::fitColumns() {
    m_list->setHeaderLabels(columnNames()); // the columns' widths want the whole names (elided below)
    auto* h = m_list->header();
    const QAbstractItemView* view = m_list; // QTreeView keeps its override protected
    const auto wanted = [&](int c) { return std::max(view->sizeHintForColumn(c), h->sectionSizeHint(c)); };
    // the change and both values whole (figures cut read as other figures); the sentence and the ranks
    // share what is left, the ranks at most a third of it when both do not fit
    const int rest = m_list->viewport()->width() - wanted(kChange) - wanted(kBaseline) - wanted(kCandidate);
    int rank = wanted(kRank), what = rest - rank;
    if (what < wanted(kWhat)) {
        rank = std::min(rank, std::max(rest / 3, h->sectionSizeHint(kRank)));
        // a list narrower still: both at the least a column has, elided, the figures whole beside them
        rank = std::max(h->minimumSectionSize(), std::min(rank, rest - h->minimumSectionSize()));
        what = rest - rank;
    }
    what = std::max(what, h->minimumSectionSize());
    // a list narrower than its figures (the 800 × 600 window's dock, r56c: Candidate's "6.28 ms" cut to
    // "6.2" at the list's edge, which reads as another figure): they share what the sentence and the ranks
    // leave, each elided with "…" (the row's whole text is under the list and in its tooltip)
    const int figures = m_list->viewport()->width() - what - rank;
    const int wantedFigures = wanted(kChange) + wanted(kBaseline) + wanted(kCandidate);
    for (int c : {kChange, kBaseline, kCandidate})
        h->resizeSection(c, figures >= wantedFigures
                                ? wanted(c)
                                : std::max(h->minimumSectionSize(), wanted(c) * figures / wantedFigures));
    h->resizeSection(kRank, rank);
    h->resizeSection(kWhat, what);
    elideColumnNames();
}

QStringList CompareView::columnNames() {
    return {tr("Δ"), tr("What"), tr("Rank"), tr("Baseline"), tr("Candidate")};
}

void CompareView::elideColumnNames() {
    // a name wider than its column ends in "…" (its whole name in the tooltip), never cut mid-word
    const QStringList names = columnNames();
    const QFontMetrics fm(m_list->header()->font());
    const int pad =
        2 * m_list->header()->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, m_list->header());
    for (int c = 0; c < names.size(); ++c) {
        const int room = m_list->header()->sectionSize(c) - pad;
        m_list->headerItem()->setText(c, fm.elidedText(names[c], Qt::ElideRight, std::max(room, 0)));
        m_list->headerItem()->setToolTip(c, names[c]);
    }
}

bool CompareView::eventFilter(QObject* o, QEvent* e) {
    if (e->type() == QEvent::Resize && o == m_list->viewport()) fitColumns();
    // the strips' widths follow the splitter and the Swap button, not only the panel's: refit on their own
    if (e->type() == QEvent::Resize && o == m_verdictArea) fitVerdict();
    if (e->type() == QEvent::Resize && o == m_rowArea) fitRowText();
    return QWidget::eventFilter(o, e);
}

void CompareView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitVerdict();
    fitRowText();
}

QScrollArea* CompareView::verdictArea() const {
    return m_verdictArea;
}

QString CompareView::verdictText() const {
    return m_verdict->text();
}

QString CompareView::sidesText(const compare::ComparisonData& d) {
    // the folders' names; with their parents when alike (text/level1, db/level1); with the runs when one
    // folder's two runs are compared
    const auto name = [](const compare::BaselineRecord& r, bool parent) {
        const QString p = QString::fromStdString(r.profile);
        const QFileInfo f(p);
        const QString n = parent ? f.dir().dirName() + "/" + f.fileName() : f.fileName();
        return f.fileName().isEmpty() ? p : n;
    };
    QString b = name(d.baseline, false), c = name(d.candidate, false);
    if (b == c && d.baseline.profile != d.candidate.profile) {
        b = name(d.baseline, true);
        c = name(d.candidate, true);
    }
    if (b == c) {
        b += tr(" run %1").arg(d.baseline.run);
        c += tr(" run %1").arg(d.candidate.run);
    }
    // a stored record named as one: its figures are the folder's when the record was written
    if (d.fromRecord[0]) b += tr(" (stored record)");
    if (d.fromRecord[1]) c += tr(" (stored record)");
    // the direction in words, the baseline first as `rankscope compare BASELINE CANDIDATE` reads
    return tr("baseline %1 → candidate %2").arg(b, c);
}

QString CompareView::matchedText(const compare::CompareResult& r) {
    // rank numbers of two workloads are no match, whatever they share
    if (!r.unrelated.empty())
        return tr("no rank matched (%1 in both runs, of another workload)")
            .arg(counted(qint64(r.ranks.size()), tr("rank number"), tr("rank numbers")));
    return counted(qint64(r.ranks.size()), tr("matched rank"), tr("matched ranks"));
}

QString CompareView::verdictHead(const compare::CompareResult& r) {
    const QString regressions = counted(qint64(r.regressionCount()), tr("regression"), tr("regressions"));
    // a run compared with itself: no pass, whatever its figures (walk 36 read PASS for `compare D D`)
    if (!r.sameData.empty())
        return tr("<b>SAME DATA</b> (no verdict: %1; a run compared with itself proves nothing about "
                  "regressions), %2")
            .arg(QString::fromStdString(r.sameData).toHtmlEscaped(), regressions);
    // runs on different cards: a regression cannot be told from the hardware, said in the headline
    const QString caveat = r.hardwareDiffers.empty()
                               ? QString()
                               : " " + QString::fromStdString(compare::hardwareCaveat(r)).toHtmlEscaped();
    // two runs the records do not tie together: their deltas were not judged (workloadoverlap.h)
    if (!r.unrelated.empty())
        return tr("<b>INCONCLUSIVE</b>: %1: not one workload, no verdict%2")
            .arg(QString::fromStdString(r.unrelated).toHtmlEscaped(),
                 caveat.isEmpty() ? QString() : ";" + caveat);
    if (!r.damagedInput.empty())
        return tr("<b>INCONCLUSIVE</b> (no verdict %1)%2, %3")
            .arg(QString::fromStdString(compare::damageCaveat(r)).toHtmlEscaped(), caveat, regressions);
    if (r.fail()) return tr("<b>FAIL</b>%1, %2").arg(caveat, regressions);
    // no verdict, but the count stays: the notes below say what could not be compared
    if (r.inconclusive()) return tr("<b>INCONCLUSIVE</b> (no verdict)%1, %2").arg(caveat, regressions);
    return tr("<b>PASS</b>%1, no regression").arg(caveat);
}

void CompareView::setData(std::shared_ptr<const compare::ComparisonData> d) {
    m_data = std::move(d);
    m_shownDelta = nullptr; // it pointed into the data replaced
    m_swap->setEnabled(m_data != nullptr);
    m_list->clear();
    m_grid->setData(m_data);
    m_spanPair->setSpans(nullptr, {});
    // a stored record has no spans to set beside the other run's (the CLI compares its figures only)
    m_spanPair->setEmptyText(m_data && (m_data->fromRecord[0] || m_data->fromRecord[1])
                                 ? tr("No spans: one side is a stored baseline record, which keeps figures, "
                                      "not spans")
                                 : QString());
    if (!m_data) {
        m_steps->setSteps({}, {});
        m_memory->setCurves({}, {});
        m_steps->setNote(noComparisonText());
        m_memory->setNote(noComparisonText());
        m_verdict->setText(noComparisonText()); // never the verdict of a comparison that is gone
        m_verdict->setToolTip({});
        fitVerdict();
        return;
    }
    const auto& r = m_data->result;
    // with no rank in both runs there is nothing to set side by side: drawing each run's own ranks would
    // look like a comparison of matched ranks
    // nor of two workloads: the same rank numbers in another job are not the same ranks (walk 56c: the
    // step walls of two jobs were drawn on one axis under "INCONCLUSIVE … not one workload")
    const QString unmatched =
        r.ranks.empty() ? tr("No rank is in both runs: their steps and memory are not set side by side")
        : !r.unrelated.empty()
            ? tr("The runs are not one workload: their steps and memory are not set side by side")
            : QString();
    // a pseudo step (the whole trace) drawn beside steps would read as a step (walk 12)
    QString stepsUnknown;
    for (const auto& n : r.notComparable)
        if (n.kind == "step") stepsUnknown = tr("Not comparable: %1").arg(QString::fromStdString(n.reason));
    m_steps->setNote(unmatched.isEmpty() ? stepsUnknown : unmatched);
    for (int side = 0; side < 2; ++side) {
        // a stored record keeps its steps' median and p95, not the steps: said in its side's title
        const auto& rec = side ? m_data->candidate : m_data->baseline;
        m_steps->setSideNote(side, m_data->fromRecord[side]
                                       ? tr("a stored record (steps not kept): median %1, p95 %2 over %3")
                                             .arg(formatDuration(int64_t(rec.step.medianNs)),
                                                  formatDuration(int64_t(rec.step.p95Ns)),
                                                  counted(qint64(rec.step.steps), tr("step"), tr("steps")))
                                       : QString());
        m_steps->setStoredMedian(side, m_data->fromRecord[side] ? double(rec.step.medianNs) : 0.0);
    }
    m_memory->setNote(unmatched);
    // the direction first, in words: which run is measured against which decides whether a slower op
    // reads as a regression or an improvement (walk 6 read "PASS … 28 improvements" the wrong way round)
    // the thresholds only where deltas were judged against them: the runs of two workloads have none, and
    // the sentence read "… a delta may be the card, not the change beyond the thresholds …" (walk 18a)
    const QString judged =
        r.unrelated.empty()
            ? tr(" beyond the thresholds (latency %1 %, memory %2 %, wait %3 %), %4")
                      .arg(m_data->options.maxLatencyDelta * 100)
                      .arg(m_data->options.maxMemoryDelta * 100)
                      .arg(m_data->options.maxWaitDelta * 100)
                      .arg(counted(qint64(r.improvementCount()), tr("improvement"), tr("improvements"))) +
                  (r.regressions.empty() && r.improvements.empty()
                       ? QString()
                       : tr(", listed %1").arg(QString::fromUtf8(compare::kOrderRule).toHtmlEscaped()))
            : QString();
    QString text = sidesText(*m_data).toHtmlEscaped() + ": " + verdictHead(r) + judged +
                   tr("; %1. Baseline %2 (run %3), candidate %4 (run %5).")
                       .arg(matchedText(r))
                       .arg(QString::fromStdString(m_data->baseline.profile).toHtmlEscaped())
                       .arg(m_data->baseline.run)
                       .arg(QString::fromStdString(m_data->candidate.profile).toHtmlEscaped())
                       .arg(m_data->candidate.run);
    // the first notes inline, all of them in the tooltip: a long list must not squeeze the panel's views
    constexpr size_t kInlineNotes = 3;
    QString all;
    for (size_t i = 0; i < r.notes.size(); ++i) {
        const QString n = QString::fromStdString(r.notes[i]).toHtmlEscaped();
        all += (all.isEmpty() ? "" : "<br>") + n;
        if (i < kInlineNotes) text += "<br><i>" + n + "</i>";
    }
    if (r.notes.size() > kInlineNotes)
        text += "<br><i>" +
                tr("… %1 more: hover to read them all")
                    .arg(counted(qint64(r.notes.size() - kInlineNotes), tr("note"), tr("notes"))) +
                "</i>";
    m_verdict->setText(text);
    m_verdict->setToolTip(all);
    fitVerdict();
    // one row per root, as `rankscope compare` prints them; the ranks that moved with it as its children
    int offset = 0;
    for (const auto* list : {&r.regressions, &r.improvements}) {
        const QColor ink = list == &r.regressions ? QColor(200, 40, 40) : QColor(40, 120, 60);
        const auto fill = [&](QTreeWidgetItem* it, const compare::Delta& dl) {
            it->setText(0, QString::fromStdString(compare::deltaChange(dl)));
            it->setText(1, subject(dl));
            // a figure over ranks says what it is of them: a median, a highest (Delta::over)
            it->setText(2, dl.rank           ? QString::number(*dl.rank)
                           : dl.over.empty() ? tr("all")
                                             : tr("all: %1").arg(QString::fromStdString(dl.over)));
            it->setText(3, value(dl, dl.baseline));
            it->setText(4, value(dl, dl.candidate));
            it->setData(1, Qt::UserRole, QString::fromStdString(dl.opType));
            it->setData(2, Qt::UserRole, dl.rank.value_or(-1));
            it->setData(0, Qt::UserRole, QString::fromStdString(dl.kind));
            it->setData(3, Qt::UserRole, offset + int(&dl - list->data()));
            it->setForeground(0, ink);
            tipEveryColumn(it, deltaText(dl));
        };
        // a root's whole line as `rankscope compare` prints it, in its tooltip and under the list
        const auto lines =
            list == &r.regressions ? compare::compareSummary(r) : compare::improvementSummary(r);
        size_t line = 0;
        for (const auto& g : compare::groupDeltas(r, *list)) {
            auto* top = new QTreeWidgetItem(m_list);
            fill(top, *g.lead);
            if (!g.where.empty())
                top->setText(2, QString::fromStdString(g.where).trimmed() +
                                    (g.lead->rank || g.lead->over.empty()
                                         ? QString()
                                         : tr(" (figures: %1)").arg(QString::fromStdString(g.lead->over))));
            if (line < lines.size()) tipEveryColumn(top, QString::fromStdString(lines[line++]));
            if (g.linkCount > 1) top->setText(1, QString::fromStdString(compare::rowSubject(g)));
            // one root, one row: its other figure beside the first (a link's bandwidth, an op's median)
            if (g.also)
                top->setText(1, top->text(1) + "; " + QString::fromStdString(compare::alsoText(*g.also)));
            for (const auto* d : g.ranks)
                if (d != g.lead) fill(new QTreeWidgetItem(top), *d);
            if (g.overall) fill(new QTreeWidgetItem(top), *g.overall); // the figure over every rank, a child
            for (const auto* d : g.alsoDeltas) // the other figure's deltas, each its own child
                fill(new QTreeWidgetItem(top), *d);
            for (const auto* d : g.linkDeltas) // the other links of a row of links, each figure a child
                fill(new QTreeWidgetItem(top), *d);
        }
        offset += int(list->size());
    }
    // what one side does not know: grey, neither red nor green, and no spans to ask for
    for (const auto& n : r.notComparable) {
        auto* it = new QTreeWidgetItem(m_list);
        const QString what = QString::fromStdString(compare::notComparableSubject(n));
        it->setText(0, tr("not comparable"));
        it->setText(1, what + ": " + QString::fromStdString(n.reason));
        tipEveryColumn(it, tr("not comparable: %1").arg(it->text(1)));
        it->setData(3, Qt::UserRole, -1);
        it->setForeground(0, QColor(110, 110, 110));
    }
    m_steps->setSteps(m_data->baselineStepsNs, m_data->candidateStepsNs, int(m_data->ranks.size()));
    const int mr = m_data->memory[0].dataRank;
    const auto peakOf = [mr](const compare::BaselineRecord& rec) {
        auto it = rec.ranks.find(mr);
        return it == rec.ranks.end() ? compare::MemStat{} : it->second.memory;
    };
    m_memory->setCurves(m_data->memory[0], m_data->memory[1], peakOf(m_data->baseline),
                        peakOf(m_data->candidate));
    fitColumns();
    if (!r.regressions.empty()) {
        // the top row's, without a click: core's order (kOrderRule), the row's lead figure
        askSpans(*compare::groupDeltas(r, r.regressions).front().lead);
        m_list->setCurrentItem(m_list->topLevelItem(0));
    }
}

} // namespace rs::views
