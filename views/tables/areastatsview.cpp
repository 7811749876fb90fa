#include "views/tables/areastatsview.h"

#include "core/model/ranklist.h"
#include "core/query/wholetracestep.h"
#include "views/common/plural.h"
#include "views/common/sortarrows.h"
#include "views/common/tabletext.h"
#include "views/common/timemapping.h"
#include "views/common/wholerowstableview.h"
#include "views/tables/areacountermodel.h"
#include "views/tables/areastatsmodel.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStyle>
#include <QStyleOptionHeader>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace rs::views {

namespace {
constexpr int kWindowDebounceMs = 250; ///< a window being dragged or zoomed asks once it rests

/// The combo's data for each area choice: −2 the window, −3 the marked area, else a step number.
constexpr qint64 kWindowItem = -2, kAreaItem = -3;

QTableView* makeTable(QSortFilterProxyModel* proxy) {
    // whole rows only: the ops table's last row was cut in half by its own bottom edge (issue 19 #1)
    auto* t = new WholeRowsTableView;
    proxy->setSortRole(Qt::UserRole);
    t->setModel(proxy);
    t->setSortingEnabled(true);
    pointSortArrows(t->horizontalHeader());
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::ExtendedSelection);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(false);
    // one line per row: a long op name (a MindSpore scope, a C++ template) is cut in its middle
    t->setWordWrap(false);
    t->setTextElideMode(Qt::ElideMiddle);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
    return t;
}
/// The height of `t` showing its header and `rows` rows (px). The header's as its style draws a section:
/// without figures yet it has no sections, and its size hint was 14 px short.
int tableHeight(const QTableView* t, int rows) {
    const QHeaderView* h = t->horizontalHeader();
    QStyleOptionHeader opt;
    opt.initFrom(h);
    opt.text = QStringLiteral("Xg");
    const int header =
        std::max(h->sizeHint().height(),
                 h->style()->sizeFromContents(QStyle::CT_HeaderSection, &opt, QSize(), h).height());
    return header + rows * t->verticalHeader()->defaultSectionSize() + 2 * t->frameWidth();
}
} // namespace

int AreaStatsView::heightForWidth(int w) const {
    // the least the panel needs (a dock's scroll area takes this as its minimum): the layout's preferred
    // height, its tables' whole hints, had the dock scroll the panel in 300 px (as the heatmap's did)
    const int h = layout()->minimumHeightForWidth(w);
    return h >= 0 ? h : minimumSizeHint().height();
}

int AreaStatsView::comfortableHeight() const {
    const int split = tableHeight(m_table, kComfortableRows) + tableHeight(m_counterTable, 2) +
                      style()->pixelMetric(QStyle::PM_SplitterWidth);
    const QMargins m = layout()->contentsMargins();
    // the caption's two lines: one at a dock's usual width, wrapped once where narrower (its text changes
    // with every window; QLabel's heightForWidth counted 2-4 lines for one)
    const int caption = 2 * m_caption->fontMetrics().lineSpacing();
    return m.top() + m.bottom() + m_controls->sizeHint().height() + split + caption + 2 * layout()->spacing();
}

AreaStatsView::AreaStatsView(InteractionState* state, query::QueryService* service, QWidget* parent)
    : QWidget(parent), m_state(state), m_service(service), m_kinds(query::AreaQuery::defaultKinds()),
      m_model(new AreaStatsModel(this)), m_counters(new AreaCounterModel(this)),
      m_proxy(new QSortFilterProxyModel(this)), m_counterProxy(new QSortFilterProxyModel(this)),
      m_area(new QComboBox), m_ranks(new QLineEdit), m_perRank(new QCheckBox(tr("per rank"))),
      m_filter(new QLineEdit), m_caption(new QLabel), m_debounce(new QTimer(this)) {
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterKeyColumn(AreaStatsModel::Name);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_counterProxy->setSourceModel(m_counters);
    m_table = makeTable(m_proxy);
    m_table->sortByColumn(AreaStatsModel::Total, Qt::DescendingOrder);
    m_counterTable = makeTable(m_counterProxy);
    m_counterTable->sortByColumn(AreaCounterModel::Rank, Qt::AscendingOrder);
    auto* copy = new QAction(tr("Copy"), this);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    connect(copy, &QAction::triggered, this, &AreaStatsView::copy);
    m_table->addAction(copy);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_table);
    split->addWidget(m_counterTable);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    split->setSizes({tableHeight(m_table, kComfortableRows), tableHeight(m_counterTable, 2)});
    auto* lay = new QVBoxLayout(this);
    // off the dock's edges and scroll bars: at 2 px the caption's text touched the dock's scroll bar
    lay->setContentsMargins(6, 4, 6, 4);
    m_controls = buildControls();
    lay->addWidget(m_controls);
    lay->addWidget(split, 1);
    m_caption->setWordWrap(true);
    lay->addWidget(m_caption);
    m_debounce->setSingleShot(true);
    connect(m_debounce, &QTimer::timeout, this, &AreaStatsView::refresh);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& cur) { onCurrent(cur); });
    connect(m_state, &InteractionState::windowChanged, this, [this] {
        if (m_source == Source::Window) scheduleRefresh(kWindowDebounceMs);
    });
    connect(m_state, &InteractionState::areaChanged, this, &AreaStatsView::onAreaMarked);
    if (m_service) connect(m_service, &query::QueryService::resultReady, this, &AreaStatsView::onResult);
    fillAreaChooser();
    updateCaption();
}

QWidget* AreaStatsView::buildControls() {
    auto* box = new QWidget;
    auto* row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Area:")));
    m_area->setToolTip(
        tr("The timeline's window (followed as it moves), the area marked on the timeline, or a "
           "step: each rank's own extent of it"));
    m_area->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_area, &QComboBox::activated, this, &AreaStatsView::onAreaChosen);
    row->addWidget(m_area);
    m_ranks->setPlaceholderText(tr("ranks: all (e.g. 0,3-5)"));
    m_ranks->setToolTip(
        tr("The ranks (as the profile numbers them) of a window or step area; empty: every rank "
           "of the run"));
    m_ranks->setClearButtonEnabled(true);
    m_ranks->setMaximumWidth(170);
    connect(m_ranks, &QLineEdit::editingFinished, this, [this] { scheduleRefresh(); });
    row->addWidget(m_ranks);
    m_perRank->setToolTip(tr("One row per rank, or the ranks together"));
    connect(m_perRank, &QCheckBox::toggled, this, [this] { scheduleRefresh(); });
    row->addWidget(m_perRank);
    auto* kinds = new QToolButton;
    kinds->setText(tr("Lanes"));
    kinds->setToolTip(tr("Which kinds of spans a window or step area reads (runtime: a compute lane's waits "
                         "and copies; the overlap-analysis lanes copy each kernel, so they are off unless "
                         "asked)"));
    kinds->setPopupMode(QToolButton::InstantPopup);
    kinds->setMenu(buildKindMenu());
    row->addWidget(kinds);
    auto* copyButton = new QToolButton;
    copyButton->setText(tr("Copy TSV"));
    copyButton->setToolTip(tr("The selected rows, or every row shown, as tab-separated text (Ctrl+C)"));
    connect(copyButton, &QToolButton::clicked, this, &AreaStatsView::copy);
    row->addWidget(copyButton);
    m_filter->setPlaceholderText(tr("Filter op names"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& f) {
        m_proxy->setFilterFixedString(f);
        updateCaption();
    });
    row->addWidget(m_filter, 1);
    return box;
}

QMenu* AreaStatsView::buildKindMenu() {
    auto* menu = new QMenu(this);
    for (const char* kind :
         {"compute", "runtime", "communication", "host", "other", "overlap", "counter", "memory"}) {
        QAction* a = menu->addAction(QString::fromLatin1(kind));
        a->setCheckable(true);
        a->setChecked(m_kinds.count(kind) > 0);
        connect(a, &QAction::toggled, this, [this, k = std::string(kind)](bool on) {
            if (on)
                m_kinds.insert(k);
            else
                m_kinds.erase(k);
            scheduleRefresh();
        });
    }
    return menu;
}

QString AreaStatsView::stepName(qint64 step) const {
    // walk 30: the chooser offered "step 0" of run_2, whose one rank has no step marks (its whole trace)
    if (m_summary && query::isWholeTraceOnly(*m_summary, step)) return tr("whole trace (no step marks)");
    return tr("step %1").arg(step);
}

void AreaStatsView::fillAreaChooser() {
    const QSignalBlocker block(m_area);
    m_area->clear();
    m_area->addItem(tr("the timeline's window"), kWindowItem);
    if (m_state->area().valid()) m_area->addItem(tr("the area marked on the timeline"), kAreaItem);
    std::set<qint64> steps;
    if (m_summary)
        for (const auto& s : m_summary->steps)
            steps.insert(s.step);
    for (qint64 s : steps)
        m_area->addItem(stepName(s), s);
    // a step only a list kept apart on another clock numbers (run_2's step_trace_raw): offered, so that
    // asked for it the caption says why it is nowhere, as `stats --step` does (r48d)
    std::set<qint64> apart;
    if (m_summary)
        for (const auto& [rank, a] : m_summary->stepsApart)
            for (int64_t step : a.steps)
                if (!steps.count(step)) apart.insert(step);
    for (qint64 s : apart)
        m_area->addItem(tr("step %1 (on another clock: not on the timeline)").arg(s), s);
    const qint64 want = m_source == Source::Window ? kWindowItem
                        : m_source == Source::Area ? kAreaItem
                                                   : m_step;
    const int i = m_area->findData(want);
    m_area->setCurrentIndex(std::max(0, i));
    if (i < 0) m_source = Source::Window; // the step or the area is gone
}

void AreaStatsView::setProfile(std::shared_ptr<const query::ProfileSummary> s) {
    m_summary = std::move(s);
    m_stats.reset();
    m_model->setStats(nullptr, {});
    m_counters->setStats(nullptr, {});
    fillAreaChooser();
    scheduleRefresh();
}

void AreaStatsView::setAligned(bool on) {
    if (on == m_aligned) return;
    m_aligned = on;
    if (m_source == Source::Window) scheduleRefresh();
}

void AreaStatsView::chooseWindow() {
    m_source = Source::Window;
    fillAreaChooser();
    scheduleRefresh();
}

void AreaStatsView::chooseStep(qint64 step) {
    m_source = Source::Step;
    m_step = step;
    fillAreaChooser();
    scheduleRefresh();
}

void AreaStatsView::onAreaChosen(int index) {
    const qint64 v = m_area->itemData(index).toLongLong();
    m_source = v == kWindowItem ? Source::Window : v == kAreaItem ? Source::Area : Source::Step;
    if (m_source == Source::Step) m_step = v;
    scheduleRefresh();
}

void AreaStatsView::onAreaMarked(const MarkedArea& a) {
    // a fresh mark is what the user wants figures of; when it goes, the window takes over
    m_source = a.valid() ? Source::Area : m_source == Source::Area ? Source::Window : m_source;
    fillAreaChooser();
    scheduleRefresh();
}

void AreaStatsView::scheduleRefresh(int delayMs) {
    m_dirty = true;
    if (!isVisible()) return; // asked for once the panel is shown
    m_debounce->start(delayMs);
}

void AreaStatsView::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    if (m_dirty) scheduleRefresh();
}

std::vector<int> AreaStatsView::chosenRanks(QString& why) const {
    std::vector<int> keys;
    if (!m_summary) return keys;
    const std::string text = m_ranks->text().trimmed().toStdString();
    if (text.empty()) return m_summary->ranks;
    std::vector<int> asked;
    if (!model::parseRankList(text, asked)) {
        why = tr("\"%1\" is not a rank list (e.g. 0,3-5)").arg(m_ranks->text());
        return {};
    }
    for (int want : asked) {
        bool found = false;
        for (int key : m_summary->ranks) {
            const auto it = m_summary->dataRank.find(key);
            if ((it == m_summary->dataRank.end() ? key : it->second) == want)
                keys.push_back(key), found = true;
        }
        if (!found) {
            why = tr("rank %1 is not in the run shown").arg(want);
            return {};
        }
    }
    return keys;
}

bool AreaStatsView::buildQuery(query::AreaQuery& q, QString& why, std::vector<int>& wholeTraces) const {
    q = {};
    wholeTraces.clear();
    q.perRank = m_perRank->isChecked();
    q.kinds = m_kinds;
    if (m_source == Source::Area) {
        const MarkedArea& a = m_state->area();
        q.trackIds.assign(a.trackIds.begin(), a.trackIds.end());
        std::set<int> ranks(a.ranks.begin(), a.ranks.end());
        for (int r : ranks)
            q.windows.push_back({r, a.t0, a.t1});
    } else {
        const auto ranks = chosenRanks(why);
        if (ranks.empty()) return false;
        if (m_source == Source::Step) {
            q.step = m_step;
            q.stepRanks = ranks;
            // a step's figures never pool a whole trace's (a rank without step marks: the index's step 0)
            if (m_summary) wholeTraces = query::takeWholeTracesBesideSteps(*m_summary, m_step, q.stepRanks);
        } else {
            q.windows = query::rangeWindows(ranks, m_state->windowStart(), m_state->windowEnd());
        }
    }
    // the timeline's (and a marked area's) time is aligned time: each rank's own is shifted by its offset
    const bool aligned = m_source == Source::Area ? m_state->area().aligned : m_aligned;
    if (aligned && m_summary)
        for (auto& w : q.windows) {
            const auto it = m_summary->clockOffsetNs.find(w.rank);
            const qint64 off = it == m_summary->clockOffsetNs.end() ? 0 : it->second;
            w.t0 += off;
            w.t1 += off;
        }
    return true;
}

void AreaStatsView::refresh() {
    m_dirty = false;
    if (!m_summary || !m_service) return;
    m_problem.clear();
    query::AreaQuery q;
    if (!buildQuery(q, m_problem, m_wholeTracesLeftOut)) {
        m_pending = 0;
        updateCaption();
        return;
    }
    m_query = q;
    m_clock.start();
    m_pending = m_service->requestAreaStats(q);
    updateCaption();
}

void AreaStatsView::onResult(quint64 id, const QVariant& v) {
    if (id != m_pending) return;
    auto s = v.value<std::shared_ptr<const query::AreaStats>>();
    if (!s || s->cancelled) return;
    m_pending = 0;
    m_lastMs = m_clock.elapsed();
    m_stats = s;
    m_model->setStats(s, m_summary ? m_summary->dataRank : std::map<int, int>{});
    m_counters->setStats(s, m_summary ? m_summary->dataRank : std::map<int, int>{});
    m_table->resizeColumnsToContents();
    m_table->setColumnWidth(AreaStatsModel::Name, std::min(m_table->columnWidth(AreaStatsModel::Name), 360));
    m_counterTable->resizeColumnsToContents();
    m_counterTable->setVisible(!s->counters.empty());
    updateCaption();
    Q_EMIT statsShown();
}

QString AreaStatsView::areaText() const {
    if (m_source == Source::Step && m_summary && query::isWholeTraceOnly(*m_summary, m_step)) {
        std::vector<int> ranks; // whose, as `stats --step 0` names them (r48d)
        if (m_stats)
            for (const auto& w : m_stats->windows)
                ranks.push_back(w.rank);
        const std::string whose = query::wholeTraceText(*m_summary, ranks, m_step);
        return whose.empty() ? tr("the whole trace of each rank without step marks")
                             : QString::fromStdString(whose);
    }
    if (m_source == Source::Step) return tr("step %1 (each rank's own extent)").arg(m_step);
    const qint64 t0 = m_source == Source::Area ? m_state->area().t0 : m_state->windowStart();
    const qint64 t1 = m_source == Source::Area ? m_state->area().t1 : m_state->windowEnd();
    const qint64 origin = m_summary ? m_summary->startNs : 0;
    return tr("%1 %2 to %3 (%4)")
        .arg(m_source == Source::Area ? tr("the marked area,") : tr("the window,"),
             formatOffset(t0 - origin, std::max<qint64>(1, (t1 - t0) / 1000)),
             formatOffset(t1 - origin, std::max<qint64>(1, (t1 - t0) / 1000)), formatDuration(t1 - t0));
}

QString AreaStatsView::ranksLeftOutText() const {
    if (!m_summary || !m_stats || m_source != Source::Step) return {};
    // named and why, as `rankscope stats` says them on stderr: "on 1 rank" (a whole trace left out) and "1
    // rank has no such step" hid which rank, and that it has no step marks (r47f)
    std::vector<int> out = m_stats->ranksWithoutStep;
    out.insert(out.end(), m_wholeTracesLeftOut.begin(), m_wholeTracesLeftOut.end());
    return QString::fromStdString(query::lackingStepText(*m_summary, out, m_step));
}

void AreaStatsView::updateCaption() {
    if (!m_summary) {
        m_caption->setText(tr("Open a profile: the spans of an area by op name, with their time inside it"));
        return;
    }
    if (!m_problem.isEmpty()) {
        m_caption->setText(m_problem);
        return;
    }
    if (m_pending) {
        m_caption->setText(tr("Measuring %1…").arg(areaText()));
        return;
    }
    if (!m_stats) {
        m_caption->setText(tr("Shown once the panel is open"));
        return;
    }
    QStringList parts{
        tr("%1 on %2").arg(areaText(), counted(qint64(m_stats->windows.size()), tr("rank"), tr("ranks"))),
        tr("%1 on %2")
            .arg(counted(m_stats->spans, tr("span"), tr("spans")),
                 counted(m_stats->lanes, tr("lane"), tr("lanes")))};
    if (m_proxy->rowCount() != m_model->rowCount())
        parts << tr("%1 of %2 rows match \"%3\"")
                     .arg(m_proxy->rowCount())
                     .arg(m_model->rowCount())
                     .arg(m_filter->text());
    if (const QString left = ranksLeftOutText(); !left.isEmpty()) parts << left;
    for (const auto& n : m_stats->notes)
        parts << QString::fromStdString(n);
    // the query's own time said as such: "· 12 ms" after "p95 nearest rank" read as a p95 (walk 39)
    parts << tr("times inside the area; p95 nearest rank") << tr("computed in %1 ms").arg(m_lastMs);
    m_caption->setText(parts.join(" · "));
}

void AreaStatsView::onCurrent(const QModelIndex& cur) {
    // only a row the user moved to (a click, the keys): a table that merely got the focus changes nothing
    if (!cur.isValid() || !m_table->hasFocus()) return;
    const auto* r = m_model->row(m_proxy->mapToSource(cur).row());
    if (!r) return;
    Q_EMIT rowChosen(m_query, QString::fromStdString(r->name), QString::fromStdString(r->kind), r->rank);
}

QString AreaStatsView::tsv() const {
    return tabSeparatedSelection(*m_table);
}

void AreaStatsView::copy() const {
    QApplication::clipboard()->setText(tsv());
}

} // namespace rs::views
