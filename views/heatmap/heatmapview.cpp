#include "views/heatmap/heatmapview.h"

#include "views/common/elidingcombobox.h"
#include "views/common/plural.h"
#include "views/common/rankname.h"
#include "views/common/wordelide.h"

#include "core/query/notdrawnkernels.h"
#include "core/query/unnamedranks.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QStandardItemModel>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <algorithm>
#include <iterator>
#include <utility>

namespace rs::views {

using Mode = query::HeatmapData::Mode;

HeatmapView::HeatmapView(InteractionState* state, query::QueryService* service, QWidget* parent)
    : QWidget(parent), m_state(state), m_service(service), m_canvas(new HeatmapCanvas),
      m_legend(new HeatmapLegend(m_canvas)) {
    m_canvas->setLegendShown(false); // beside the grid, in HeatmapLegend
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(2, 2, 2, 2);
    lay->setSpacing(3); // a short dock's pixels go to the grid's rows
    auto* row = new QHBoxLayout;
    m_mode = new ElidingComboBox;
    m_mode->addItems({tr("op × rank"), tr("op × step (one rank)"), tr("rank × step (one op)")});
    m_mode->setToolTip(tr("Compare cards, or see in which step a card slowed"));
    m_subject = new ElidingComboBox;
    m_subject->setMinimumContentsLength(14);
    m_subject->setEnabled(false);
    m_stat = new ElidingComboBox;
    // the ratio item is named as the legend, the tooltip and the report name it, per grid (walk 36: the
    // combo said "ratio to median" beside a legend naming the same kernels' median over ranks)
    // "median (lower middle)", as the op summary's column and the report say it: a plain "median" read
    // as the mean of the two middle values of an even count (r55c)
    m_stat->addItems({statisticName(HeatStatistic::Ratio), tr("median (lower middle)"), tr("p95"), tr("mean"),
                      tr("total")});
    m_stat->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_sort = new ElidingComboBox;
    m_sort->addItems({tr("sort: total time"), tr("sort: worst ratio"), tr("sort: name")});
    // each box at its contents' width where there is room, down to a narrow minimum (its text elided)
    // where there is not: at their contents' widths the four made the dock 743 px wide at least, and with
    // the side docks the window's minimum 1273 px (walk 21 A). Cut, they end at a word with "…" and say
    // their item whole in their tooltip ("median ove", walk 48)
    for (auto* box : {m_mode, m_subject, m_stat, m_sort}) {
        box->setMinimumWidth(box == m_stat ? 120 : 80);
        row->addWidget(box);
    }
    row->addStretch();
    lay->addLayout(row);
    m_caption = new QLabel;
    m_caption->setWordWrap(true);
    // fitCaption elides it to the panel's width: in one line a label is at least as wide as its text, so
    // the elided text held the panel at the width it was elided to, and a narrower window scrolled the
    // panel sideways in its dock, the caption cut mid-word at the dock's edge (walk 27, 800 × 600)
    m_caption->setMinimumWidth(1);
    lay->addWidget(m_caption);
    lay->addWidget(makeGridRow(), 1);

    connect(m_stat, &QComboBox::currentIndexChanged, this, [this](int i) {
        const auto* d = m_canvas->data();
        const Mode mode = d ? d->mode : Mode(m_mode->currentIndex());
        if (!holds(HeatStatistic(i), mode))
            return m_stat->setCurrentIndex(int(shownFor(HeatStatistic(i), mode)));
        m_canvas->setStatistic(HeatStatistic(i));
        m_legend->refresh();
        updateCaption();
    });
    connect(m_stat, &QComboBox::activated, this, [this] { // the user's own
        m_statByRankCount = false;
        m_stat->setToolTip({});
        updateCaption();
    });
    connect(m_sort, &QComboBox::currentIndexChanged, this, [this](int i) { m_canvas->setSort(HeatSort(i)); });
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_subject->blockSignals(true);
        m_subject->clear();
        if (i == 1)
            for (int r : m_ranks)
                m_subject->addItem(rankName(m_summary.get(), r), r);
        if (i == 2)
            for (const auto& op : m_ops)
                m_subject->addItem(op, op);
        if (i != 0) m_subject->setCurrentIndex(shownSubject(i));
        m_subject->setEnabled(i != 0);
        m_subject->blockSignals(false);
        m_stat->setItemText(0, statisticName(HeatStatistic::Ratio, Mode(i)));
        offerHeldStatistics(Mode(i));
        request();
    });
    connect(m_subject, &QComboBox::currentIndexChanged, this, [this] { request(); });
    for (auto* box : {m_mode, m_subject}) // the user's own choice while the new run's grid is on its way
        connect(box, &QComboBox::activated, this, [this] {
            m_carried.reset();
            m_restored.reset();
            m_fellBackFrom.reset();
            const int mode = m_mode->currentIndex();
            Q_EMIT layoutChosen(mode, mode == 2 ? m_subject->currentData().toString() : QString(),
                                mode == 1 ? rankNumber(m_summary.get(), m_subject->currentData().toInt())
                                          : -1);
        });
    connect(m_canvas, &HeatmapCanvas::cellClicked, this, [this](int r, int c) {
        const auto* d = m_canvas->data();
        if (!d) return;
        Selection s;
        s.kind = Selection::Kind::OpType;
        if (d->mode == Mode::OpByRank) {
            s.opType = QString::fromStdString(d->rows[size_t(r)]);
            s.rank = int(d->columnKeys[size_t(c)]);
        } else if (d->mode == Mode::OpByStep) {
            s.opType = QString::fromStdString(d->rows[size_t(r)]);
            s.rank = d->rank;
            s.step = d->columnKeys[size_t(c)];
        } else {
            s.opType = QString::fromStdString(d->opType);
            s.rank = int(d->rowKeys[size_t(r)]);
            s.step = d->columnKeys[size_t(c)];
        }
        m_state->setSelection(s);
        if (s.rank >= 0 && !s.opType.isEmpty()) Q_EMIT cellChosen(s.opType, s.rank, s.step);
    });
    connect(m_state, &InteractionState::selectionChanged, this, &HeatmapView::onSelection);
    if (m_service)
        connect(m_service, &query::QueryService::resultReady, this, [this](quint64 id, const QVariant& v) {
            if (id != m_pending) return;
            setData(v.value<std::shared_ptr<const query::HeatmapData>>());
        });
}

QWidget* HeatmapView::makeGridRow() {
    auto* row = new QWidget;
    m_gridRow = new QBoxLayout(QBoxLayout::LeftToRight, row);
    auto* lay = m_gridRow;
    lay->setContentsMargins(0, 0, 0, 0);
    lay->setSpacing(0);
    lay->addWidget(makeScrollArea(), 1);
    // the legend beside the grid, never over it: pinned over the grid's right edge it hid the cells under it
    // (walk 42: rank 3's straggler cells in a 460 px dock); shorter than the panel, it scrolls itself
    auto* legendArea = m_legendArea = new QScrollArea;
    legendArea->setFrameShape(QFrame::NoFrame);
    legendArea->setWidgetResizable(true);
    legendArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    legendArea->setWidget(m_legend);
    legendArea->setFixedWidth(m_legend->sizeHint().width() +
                              legendArea->verticalScrollBar()->sizeHint().width());
    legendArea->setBackgroundRole(QPalette::Base);
    lay->addWidget(legendArea);
    lay->addStretch(0);
    return row;
}

void HeatmapView::placeLegend() {
    // beside the grid while that leaves it a few columns; else under it (walk 23: a 700 px window left the
    // heatmap one column wide beside its 135 px legend)
    const auto* d = m_canvas->data();
    if (!d || d->columns.empty() || m_canvas->order().empty()) return;
    const int labels = m_canvas->cellRect(m_canvas->order().front(), 0).left();
    const int wanted = std::min(int(d->columns.size()), kColumnsBesideLegend) * m_canvas->cellWidth();
    const int besideWidth =
        m_legend->sizeHint().width() + m_legendArea->verticalScrollBar()->sizeHint().width();
    const int besideGrid = width() - besideWidth - labels - 2 * m_scroll->frameWidth() -
                           m_scroll->verticalScrollBar()->sizeHint().width() - 4;
    const bool under = besideGrid < wanted;
    m_gridRow->setDirection(under ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
    if (under != m_legend->isStrip()) m_legend->setStrip(under);
    // under the grid: a strip as wide as the panel, as tall as its lines at that width (walk 24 #1: the
    // upright legend there took 140 px of a short dock); beside it: its column, the row's height
    m_legendArea->setVerticalScrollBarPolicy(under ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded);
    if (under) {
        m_legendArea->setMinimumWidth(0);
        m_legendArea->setMaximumWidth(QWIDGETSIZE_MAX);
        m_legendArea->setFixedHeight(m_legend->stripHeight(width() - 4));
    } else {
        showAllRows(); // fitWholeRows again beside the legend
        m_legendArea->setFixedWidth(besideWidth);
        m_legendArea->setMinimumHeight(0);
        m_legendArea->setMaximumHeight(QWIDGETSIZE_MAX);
    }
}

void HeatmapView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    showAllRows(); // fitWholeRows again at the new size
    placeLegend();
    fitCaption();
}

void HeatmapView::fitGridWidth() {
    // as wide as the grid (and its vertical bar), so the legend follows the last column; a narrower panel
    // shrinks the area and scrolls the grid
    const int frame = 2 * m_scroll->frameWidth();
    m_scroll->setMaximumWidth(m_canvas->sizeHint().width() + frame +
                              m_scroll->verticalScrollBar()->sizeHint().width());
}

int HeatmapView::heightForWidth(int w) const {
    const int h = layout()->minimumHeightForWidth(w);
    return h >= 0 ? h : minimumSizeHint().height();
}

int HeatmapView::comfortableHeight() const {
    // the tool row, the caption's first line, kComfortableRows rows under the column labels with the grid's
    // bar, and the legend's strip when it is under the grid
    const QMargins m = layout()->contentsMargins();
    const int grid = m_canvas->columnLabelsHeight() + kComfortableRows * m_canvas->cellHeight() +
                     m_scroll->horizontalScrollBar()->sizeHint().height() + 2 * m_scroll->frameWidth();
    const int legend = m_legend->isStrip() ? m_legend->stripHeight(width() - 4, false) : 0;
    return m.top() + m.bottom() + m_mode->sizeHint().height() + m_caption->fontMetrics().lineSpacing() +
           grid + legend + 2 * layout()->spacing();
}

namespace {
/// A scroll area whose viewport can end above its bottom edge (fitWholeRows beside the legend).
class GridArea : public QScrollArea {
  public:
    using QScrollArea::setViewportMargins;
    using QScrollArea::viewportMargins;
};
} // namespace

QScrollArea* HeatmapView::makeScrollArea() {
    m_scroll = new GridArea;
    m_scroll->setWidget(m_canvas);
    m_scroll->setWidgetResizable(true);
    m_scroll->viewport()->installEventFilter(this);
    // the labels follow the scroll, so every rank's column is named wherever the grid is scrolled to
    auto follow = [this] { followScroll(); };
    connect(m_scroll->horizontalScrollBar(), &QScrollBar::valueChanged, this, follow);
    connect(m_scroll->verticalScrollBar(), &QScrollBar::valueChanged, this, follow);
    return m_scroll;
}

void HeatmapView::followScroll() {
    m_canvas->setVisibleRect(
        QRect(QPoint(m_scroll->horizontalScrollBar()->value(), m_scroll->verticalScrollBar()->value()),
              m_scroll->viewport()->size()));
}

void HeatmapView::showAllRows() {
    m_scroll->setMaximumHeight(QWIDGETSIZE_MAX);
    static_cast<GridArea*>(m_scroll)->setViewportMargins(0, 0, 0, 0);
}

void HeatmapView::fitWholeRows() {
    // with the legend's strip right under the grid, a row cut by the grid's edge read as a row the strip
    // covered (walk 27, 640 × 480: the 7th row); beside the legend, as a row the dock's edge cut (walk 47, a
    // wide short dock). The grid then shows whole rows: under a strip the area is as tall as they are, the
    // spare pixels under the strip; beside the legend its rows end above its bar (a shorter area would be
    // centred in the row, below the legend's top). The wheel scrolls by rows, so they stay whole
    auto* area = static_cast<GridArea*>(m_scroll);
    const int pitch = m_canvas->cellHeight();
    const int margin = area->viewportMargins().bottom(); // measured from the area's whole height
    const int rows = area->viewport()->height() + margin - m_canvas->columnLabelsHeight();
    if (area->verticalScrollBar()->maximum() == 0 || pitch <= 0 || rows < pitch) return;
    const int spare = rows % pitch;
    if (m_legend->isStrip() && margin > 0) {
        area->setViewportMargins(0, 0, 0, 0); // moved under the grid: measured again without it
    } else if (m_legend->isStrip()) {
        if (spare > 0) area->setMaximumHeight(area->height() - spare);
    } else if (spare != margin) {
        area->setViewportMargins(0, 0, 0, spare);
    }
}

bool HeatmapView::eventFilter(QObject* watched, QEvent* e) {
    if (watched == m_scroll->viewport() && e->type() == QEvent::Resize) {
        followScroll();
        fitWholeRows();
    }
    // the canvas's size changed (a notes column for annotations): the area follows
    if (watched == m_scroll->viewport() && e->type() == QEvent::LayoutRequest) fitGridWidth();
    if (watched != m_scroll->viewport() || e->type() != QEvent::Wheel)
        return QWidget::eventFilter(watched, e);
    // an upright wheel scrolls the op rows; with none out of view (or with Shift) it scrolls the ranks,
    // which are what many-rank grids run out of
    auto* w = static_cast<QWheelEvent*>(e);
    QScrollBar* h = m_scroll->horizontalScrollBar();
    const bool rows = m_scroll->verticalScrollBar()->maximum() > 0 && !(w->modifiers() & Qt::ShiftModifier);
    const int dy = w->angleDelta().y();
    if (rows || dy == 0 || h->maximum() == 0) return false;
    h->setValue(h->value() - dy * 3 * m_canvas->cellWidth() / 120); // three columns a notch
    return true;
}

void HeatmapView::setProfile(const std::vector<int>& ranks, std::optional<int64_t> worldSize, bool complete) {
    m_ranks = ranks;
    m_worldSize = worldSize;
    m_complete = complete;
    // the user's per-step layout is kept: first the op × rank grid, which names this run's ops (the one-op
    // layout's choices), then that layout again (restoreCarried, when the grid arrives)
    // (the summary may be the new run's already: its runs still number the old run's rank keys)
    if (const int mode = m_mode->currentIndex(); mode != 0)
        m_carried =
            CarriedLayout{mode, mode == 2 ? m_subject->currentData().toString() : QString(),
                          mode == 1 ? rankNumber(m_summary.get(), m_subject->currentData().toInt()) : -1};
    else if (m_fellBackFrom) // the layout set aside for a one-step run, tried again on this one
        m_carried = m_fellBackFrom;
    m_fellBackFrom.reset();
    m_restored.reset();
    m_mode->setCurrentIndex(0);
    request();
}

int HeatmapView::shownSubject(int mode) const {
    // the layout opened on its chooser's first entry, another op or rank than the one selected or looked
    // at (issue 19): the selection's op (rank × step) or rank (op × step), else the op of the row at the
    // top of the grid in view (the rank of the column at its left)
    const Selection& s = m_state->selection();
    const auto* d = m_canvas->data();
    if (mode == 1) {
        if (const int i = m_subject->findData(s.rank); i >= 0) return i;
        if (!d || d->mode != Mode::OpByRank) return 0;
        const size_t c =
            size_t(m_scroll->horizontalScrollBar()->value() / std::max(1, m_canvas->cellWidth()));
        return c < d->columnKeys.size() ? std::max(0, m_subject->findData(int(d->columnKeys[c]))) : 0;
    }
    if (!s.opType.isEmpty())
        if (const int i = m_subject->findData(s.opType); i >= 0) return i;
    if (!d || d->mode == Mode::RankByStep) return 0;
    // rows in display order, the column labels' band kept in view over the cells scrolled under it
    const auto& order = m_canvas->order();
    const size_t k = size_t(m_scroll->verticalScrollBar()->value() / std::max(1, m_canvas->cellHeight()));
    if (k >= order.size()) return 0;
    return std::max(0, m_subject->findData(QString::fromStdString(d->rows[size_t(order[k])])));
}

void HeatmapView::setPreferredLayout(int mode, const QString& op, int rankNumber) {
    if (mode == 1 || mode == 2) m_carried = CarriedLayout{mode, op, rankNumber};
}

void HeatmapView::restoreCarried() {
    const CarriedLayout c = *std::exchange(m_carried, std::nullopt);
    m_restored = c;                  // setData falls back to op × rank if the layout has one step here
    m_mode->setCurrentIndex(c.mode); // fills the rank or op chooser with this run's, and asks for the grid
    // a rank by its number: its key differs from run to run (run 1's ranks are keys 10000 + their number)
    int i = m_subject->findData(c.op);
    for (int k = 0; c.mode == 1 && k < m_subject->count(); ++k)
        if (rankNumber(m_summary.get(), m_subject->itemData(k).toInt()) == c.rankNumber) i = k;
    if (i >= 0) m_subject->setCurrentIndex(i); // over shownSubject's choice, the first entry too
}

void HeatmapView::setMode(Mode mode, int rank, const QString& opType) {
    m_carried.reset(); // a finding's or the user's choice now, not the last run's
    m_restored.reset();
    m_fellBackFrom.reset();
    m_mode->setCurrentIndex(int(mode));
    if (mode == Mode::OpByStep) m_subject->setCurrentIndex(std::max(0, m_subject->findData(rank)));
    if (mode == Mode::RankByStep) m_subject->setCurrentIndex(std::max(0, m_subject->findData(opType)));
    request();
}

bool HeatmapView::holds(HeatStatistic s, Mode mode) {
    return mode == Mode::OpByRank || (s != HeatStatistic::Median && s != HeatStatistic::P95);
}

void HeatmapView::offerHeldStatistics(Mode mode) {
    // greyed out with the reason, and a grid chosen in one of them shows its mean
    auto* model = qobject_cast<QStandardItemModel*>(m_stat->model());
    for (HeatStatistic s : {HeatStatistic::Median, HeatStatistic::P95})
        if (QStandardItem* item = model ? model->item(int(s)) : nullptr) {
            item->setEnabled(holds(s, mode));
            item->setToolTip(holds(s, mode) ? QString()
                                            : tr("The per-step grids keep each cell's kernel count and total "
                                                 "time only: no median or p95 (op × rank has them)"));
        }
    const auto current = HeatStatistic(m_stat->currentIndex());
    if (!holds(current, mode)) m_stat->setCurrentIndex(int(shownFor(current, mode)));
}

int HeatmapView::layoutMode() const {
    return m_mode->currentIndex();
}

QString HeatmapView::layoutOp() const {
    return m_mode->currentIndex() == 2 ? m_subject->currentData().toString() : QString();
}

int HeatmapView::layoutRank() const {
    return m_mode->currentIndex() == 1 && m_subject->count() ? m_subject->currentData().toInt() : -1;
}

QString HeatmapView::chosenStatistic() const {
    return m_statByRankCount ? QString() : statisticKey(HeatStatistic(m_stat->currentIndex()));
}

namespace {
const char* const kStatisticKeys[] = {"ratio", "median", "p95", "mean", "total"}; // HeatStatistic's order
}

QString HeatmapView::statisticKey(HeatStatistic s) {
    return kStatisticKeys[int(s)];
}

std::optional<HeatStatistic> HeatmapView::statisticFromKey(const QString& key) {
    for (int i = 0; i < int(std::size(kStatisticKeys)); ++i)
        if (key == kStatisticKeys[i]) return HeatStatistic(i);
    return std::nullopt;
}

void HeatmapView::showSaved(int mode, const QString& op, int rankKey, const QString& statistic) {
    if (const auto s = statisticFromKey(statistic)) {
        m_statByRankCount = false;
        m_stat->setCurrentIndex(int(*s));
        offerHeldStatistics(Mode(m_mode->currentIndex())); // the layout below offers its own again
    }
    if (mode < 0) return;
    if (mode != 1 && mode != 2) return setMode(Mode::OpByRank);
    if (!m_ops.empty()) return setMode(Mode(mode), rankKey, op);
    // the ops (mode 2's choices) come with the op × rank grid: shown then, as the last session's layout is
    m_carried = CarriedLayout{mode, op, mode == 1 ? rankNumber(m_summary.get(), rankKey) : -1};
}

void HeatmapView::request() {
    if (!m_service) return;
    switch (m_mode->currentIndex()) {
    case 0:
        m_pending = m_service->requestOpRankHeatmap(m_ranks);
        break;
    case 1:
        if (m_subject->count()) m_pending = m_service->requestOpStepHeatmap(m_subject->currentData().toInt());
        break;
    default:
        if (m_subject->count())
            m_pending = m_service->requestRankStepHeatmap(m_subject->currentData().toString(), m_ranks);
    }
}

bool HeatmapView::ratiosCompare(const query::HeatmapData& d) {
    // what each grid's ratio is taken against: the op type's other ranks, the op type's other steps on the
    // rank, the step's other ranks. With one of them every ratio is 1.00 (or "–")
    if (d.mode == Mode::OpByRank) return d.columnKeys.size() > 1;
    if (d.mode == Mode::OpByStep) return d.columnKeys.size() > 1;
    return d.rowKeys.size() > 1;
}

void HeatmapView::followComparable(const query::HeatmapData& d) {
    // a grid whose ratios compare nothing shows its total time instead: one rank's cells hatched "–" under a
    // 0.67-1.50× bar read as missing data (amd_trace), one step's column of 1.00 under "1.00× / 1.00×" said
    // nothing (walk 52, text/level1). Judged per grid shown: op × step of a one-rank run compares its steps
    // (walk 52: ns_resolution's per-step grid was in totals because its op × rank grid had one rank, while
    // two-rank runs showed ratios). Back to the ratio on a grid that compares, unless the user chose
    const int chosen = m_stat->currentIndex();
    if (!ratiosCompare(d) && chosen == int(HeatStatistic::Ratio)) {
        m_stat->setCurrentIndex(int(HeatStatistic::Total));
        m_statByRankCount = true;
    } else if (ratiosCompare(d) && m_statByRankCount) {
        m_statByRankCount = false;
        if (chosen == int(HeatStatistic::Total)) m_stat->setCurrentIndex(int(HeatStatistic::Ratio));
    }
    m_stat->setToolTip(m_statByRankCount ? tr("Total time: %1").arg(nothingToCompare(d)) : QString());
}

QString HeatmapView::nothingToCompare(const query::HeatmapData& d) const {
    if (d.mode == Mode::OpByRank) return tr("one rank, so no ratio to the other ranks");
    if (d.mode == Mode::OpByStep)
        return tr("one step, so nothing to compare across steps (op × rank compares ranks)");
    return tr("one rank, so no ratio to the step's other ranks");
}

std::shared_ptr<const query::HeatmapData>
HeatmapView::namedRows(std::shared_ptr<const query::HeatmapData> d) const {
    if (!d || d->mode != Mode::RankByStep || d->unnamedRowKeys.empty() || !m_summary) return d;
    // a rank the data does not name is its file, as the timeline's header says (r48d): "rank 2" would
    // claim a number no file writes. The grid is of the shown run: no run in the name
    auto named = std::make_shared<query::HeatmapData>(*d);
    for (size_t i = 0; i < named->rows.size() && i < named->rowKeys.size(); ++i)
        if (named->unnamedRowKeys.count(named->rowKeys[i]))
            named->rows[i] = query::rankName(*m_summary, int(named->rowKeys[i]));
    return named;
}

void HeatmapView::setData(std::shared_ptr<const query::HeatmapData> d) {
    d = namedRows(std::move(d));
    if (d && d->mode == Mode::OpByRank) {
        m_ops.clear();
        for (const auto& r : d->rows)
            m_ops.push_back(QString::fromStdString(r));
    }
    // the last session's per-step layout with one step here: its one column of 1.00 compared nothing
    // (walk 52, text/level1); op × rank instead, the choice kept for the next profile (setProfile)
    const bool oneStep = d && d->mode != Mode::OpByRank && d->columnKeys.size() < 2;
    if (oneStep && m_restored) {
        m_fellBackFrom = std::exchange(m_restored, std::nullopt);
        m_mode->setCurrentIndex(0); // asks for the op × rank grid
        return;
    }
    m_restored.reset();
    if (d) offerHeldStatistics(d->mode);
    if (d) followComparable(*d);
    m_canvas->setData(std::move(d));
    updateCaption();
    // at least the column labels (their band follows the data) and two rows (heightForWidth: the panel's
    // minimum in a short dock)
    m_scroll->setMinimumHeight(m_canvas->columnLabelsHeight() + 40);
    m_legend->refresh();
    fitGridWidth();
    placeLegend();
    fitCaption(); // its room follows the grid's band and the legend's place
    m_scroll->horizontalScrollBar()->setSingleStep(m_canvas->cellWidth()); // an arrow click: one rank
    m_scroll->verticalScrollBar()->setSingleStep(m_canvas->cellHeight());  // and one row
    onSelection(m_state->selection());
    if (m_carried && m_canvas->data() && m_canvas->data()->mode == Mode::OpByRank) restoreCarried();
}

void HeatmapView::updateCaption() {
    // the caption names the statistic the cells are coloured by, as the legend does (walk 52: "coloured by
    // the ratio to the op type's median step" over a "total time" legend)
    const auto* d = m_canvas->data();
    if (!d) return;
    const HeatStatistic stat = m_canvas->statistic();
    const QString why =
        m_statByRankCount ? tr(" Total time, not the ratio: %1.").arg(nothingToCompare(*d)) : QString();
    if (d->mode == Mode::OpByRank) {
        int flagged = 0;
        for (const auto& row : d->cells)
            for (const auto& c : row)
                flagged += c.flagged;
        // an empty grid says nothing of stragglers: there was nothing to compare
        // a cut rank's cells hold part of its kernels: said beside the verdict, not left to the banner; the
        // hatched cells name their files, other unread files of the shown ranks are named in words
        const std::string cut = query::cutRanksNote(*d);
        // the ratio is named too (walk 52b: the default caption said slow cells, never what colours them)
        const bool coloured = !d->rows.empty() && d->columnKeys.size() >= 2 &&
                              (stat != HeatStatistic::Ratio || query::heatCellCounts(*d).withRatio > 0);
        const QString colour = coloured ? tr(" Colour: %1.").arg(statisticName(stat, d->mode)) : QString();
        // cells counting kernels the timeline leaves out (walk 53b): a click on one finds no span drawn
        const std::string lanes = query::notDrawnNote(*d);
        const QString notDrawn = lanes.empty() ? QString() : " " + QString::fromStdString(lanes) + ".";
        const QString fellBack =
            m_fellBackFrom
                ? tr(" The layout last used, %1, has one step here: nothing to compare across steps — "
                     "op × rank compares ranks.")
                      .arg(m_mode->itemText(m_fellBackFrom->mode))
                : QString();
        setCaption(
            (d->rows.empty() ? tr("No device kernels with op statistics: no slow cell can be looked for.")
                             : stragglerCaption(flagged, d->columnKeys.size(), query::heatCellCounts(*d))) +
            colour + (cut.empty() ? damagedNote(*d) : tr(" Hatched: %1.").arg(QString::fromStdString(cut))) +
            notDrawn + fellBack + communicationNote());
        return;
    }
    const bool ratio = stat == HeatStatistic::Ratio;
    // the ratio's sentence names no statistic: one argument each (two to one placeholder made Qt warn
    // "1 argument(s) missing" on every export --state of a rank × step grid, walk 53c). It says the cells'
    // numbers are ratios, as drawn (issue 19: "Mean duration …" over cells reading "1.40")
    const QString subject =
        d->mode == Mode::OpByStep ? rankName(m_summary.get(), d->rank) : QString::fromStdString(d->opType);
    if (d->mode == Mode::OpByStep)
        setCaption(
            (ratio
                 ? tr("Each cell: the op type's mean duration in the step on %1 as a ratio to the op type's "
                      "lower median step (the number and the colour).")
                       .arg(subject)
                 : tr("Op types per step on %1, coloured by their %2 in the step.")
                       .arg(subject, statisticName(stat, d->mode))) +
            why + communicationNote());
    else
        setCaption((ratio ? tr("Each cell: the mean duration of %1 on the rank in the step as a ratio to "
                               "the step's lower median over ranks (the number and the colour).")
                                .arg(subject)
                          : tr("%1 per rank and step, coloured by its %2 in the step.")
                                .arg(subject, statisticName(stat, d->mode))) +
                   why + communicationNote());
}

QString HeatmapView::communicationNote() const {
    // the grids hold computation only: a run whose largest consumer is a collective showed no sign of it
    // (issue 19, HTA nccl_parser_config: ncclKernel_AllReduce absent without a word)
    const bool any =
        m_summary && std::any_of(m_summary->communication.begin(), m_summary->communication.end(),
                                 [](uint8_t c) { return c != 0; });
    return any ? tr(" Communication kernels are not in it: the Communication panel shows them.") : QString();
}

QString HeatmapView::stragglerCaption(int flagged, size_t columns, query::HeatCellCounts cells) const {
    // a run without all its ranks cannot say there is no straggler: only that none of those here is one
    const QString present = counted(qint64(columns), tr("rank"), tr("ranks"));
    const QString missing =
        m_complete ? QString()
        : m_worldSize && *m_worldSize > qint64(columns)
            ? tr(" Only %1 of the job's %2 are here; the missing ones cannot be compared.")
                  .arg(present)
                  .arg(*m_worldSize)
            : tr(" The run lacks ranks; the missing ones cannot be compared.");
    if (columns < 2 && !flagged)
        return (m_canvas->statistic() == HeatStatistic::Ratio
                    ? tr("One rank: nothing to compare it with, so no slow cell can be named and no cell has "
                         "a ratio.")
                    : tr("One rank: nothing to compare it with, so no slow cell can be named (the colours "
                         "show each op type's %1).")
                          .arg(statisticName(m_canvas->statistic(), Mode::OpByRank))) +
               missing;
    // every cell "–" (walk 23b: a rank cut before its kernels): the colours show no difference at all
    if (!flagged && cells.present > 0 && cells.withRatio == 0)
        return tr("No kernel name ran on more than one of the %1 here, so nothing is compared and no "
                  "slow cell can be named.")
                   .arg(present) +
               missing;
    if (flagged)
        // "slow", not "straggler": the finding of a rank others waited for is slow_rank (walk 23a)
        return tr("%1 outlined: an op type much slower on one card than on the others (its rank's finding: "
                  "slow_rank when the others waited for it, straggler when nobody did).")
                   .arg(counted(flagged, tr("slow cell"), tr("slow cells"))) +
               missing;
    // "runs alike" was said beside cells at 0.25× and 7.69×: the rule found no card much slower than the
    // others, which is all that can be said; and of two ranks, neither can be called the slow one
    if (columns == 2)
        return tr("Two ranks: a difference between two cannot say which one is slow, so no slow cell is "
                  "named (the colours show how they differ).") +
               missing;
    if (m_complete) return tr("No slow cell: no op type is much slower on one card than on the others.");
    return tr("No slow cell among the %1 here: no op type is much slower on one of them than on the others.")
               .arg(present) +
           missing;
}

QString HeatmapView::damagedNote(const query::HeatmapData& d) {
    // a rank whose files were cut has cells of what was read (none at all when its device lanes were past
    // the cut): "two ranks … the colours show how they differ" read as a real difference (k19v)
    if (d.damaged.empty()) return {};
    return tr(" Not read in full: %1. Those ranks' cells hold only what was read (an empty column: none of "
              "their kernels was read), so a difference there may be the cut, not the card.")
        .arg(QString::fromStdString(d.damaged));
}

QString HeatmapView::caption() const {
    return m_captionText;
}

void HeatmapView::setCaption(const QString& text) {
    m_captionText = text;
    fitCaption();
}

void HeatmapView::fitCaption() {
    // wrapped whole where the panel has room for it above the rows it keeps; else in one line, whole in its
    // tooltip: at the end of the legend's strip when there is one, else elided above the grid. Wrapped in
    // three lines, it left a 640 × 480 window's grid no row (walk 24 #1)
    const QFontMetrics fm(m_caption->font());
    const int w =
        std::max(1, width() - layout()->contentsMargins().left() - layout()->contentsMargins().right());
    const int wrapped = fm.boundingRect(QRect(0, 0, w, 100000), Qt::TextWordWrap, m_captionText).height();
    const bool whole = height() >= comfortableHeight() + wrapped - fm.lineSpacing();
    const bool inStrip = !whole && m_legend->isStrip();
    m_caption->setVisible(!inStrip);
    m_caption->setWordWrap(whole);
    m_caption->setText(whole ? m_captionText : elideAtWord(m_captionText, fm, w));
    m_caption->setToolTip(whole ? QString() : m_captionText);
    m_legend->setNote(inStrip ? m_captionText : QString());
    if (m_legend->isStrip()) m_legendArea->setFixedHeight(m_legend->stripHeight(width() - 4));
}

std::vector<HeatmapCanvas::Cell> HeatmapView::opRankCells(const Selection& s) {
    // every op type the selection names on its rank: a slow card's two slow op types, both cells
    std::vector<HeatmapCanvas::Cell> cells{{s.opType, s.rank}};
    for (const QString& op : s.moreOpTypes)
        cells.emplace_back(op, s.rank);
    return cells;
}

std::vector<HeatmapCanvas::Cell> HeatmapView::highlightsFor(const query::HeatmapData* d, const Selection& s) {
    if (!d || s.opType.isEmpty() || s.rank < 0) return {};
    if (d->mode == Mode::OpByRank) return opRankCells(s);
    if (d->mode == Mode::OpByStep && d->rank == s.rank) return {{s.opType, s.step}};
    if (d->mode == Mode::RankByStep && QString::fromStdString(d->opType) == s.opType)
        for (size_t i = 0; i < d->rowKeys.size(); ++i) // its row is labelled with the rank's own number
            if (d->rowKeys[i] == s.rank) return {{QString::fromStdString(d->rows[i]), s.step}};
    return {};
}

void HeatmapView::onSelection(const Selection& s) {
    m_canvas->setHighlights(highlightsFor(m_canvas->data(), s));
}

} // namespace rs::views
