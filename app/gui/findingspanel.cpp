#include "app/gui/findingspanel.h"

#include "app/gui/findingsmodel.h"
#include "views/common/plural.h"
#include "views/common/sortarrows.h"

#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace rs::gui {

FindingsPanel::FindingsPanel(QWidget* parent)
    : QWidget(parent), m_model(new FindingsModel(this)), m_proxy(new QSortFilterProxyModel(this)),
      m_view(new QTableView), m_empty(new QLabel) {
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(FindingsModel::SortRole);
    m_view->setModel(m_proxy);
    m_view->setObjectName("findings");
    m_view->setWordWrap(true); // the sentence; row heights follow its column's width
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSortingEnabled(true);
    views::pointSortArrows(m_view->horizontalHeader());
    m_view->sortByColumn(-1, Qt::AscendingOrder); // the report's order until a header is clicked
    m_view->verticalHeader()->hide();
    m_view->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    auto* h = m_view->horizontalHeader();
    // the short columns are sized from their text (fitColumns): ResizeToContents with word wrap on measures
    // a cell at its column's current width, so no column ever shrank below the default ~100 px
    h->setSectionResizeMode(QHeaderView::Interactive);
    h->setSectionResizeMode(FindingsModel::Text, QHeaderView::Stretch);
    h->setHighlightSections(false);
    m_view->setToolTip(tr("What is wrong, ordered by time lost. Click to zoom to it."));
    // the sentence wraps: row heights follow the column's width
    connect(h, &QHeaderView::sectionResized, this,
            [this] { QTimer::singleShot(0, this, [this] { fitRows(); }); });
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &FindingsPanel::fitRows);
    connect(m_view, &QAbstractItemView::clicked, this, [this](const QModelIndex& i) { activate(i.row()); });
    connect(m_view, &QAbstractItemView::activated, this, [this](const QModelIndex& i) { activate(i.row()); });
    // arrow keys, Page Up/Down, Home/End go to the finding they move to, as a click does (walk 31: Down
    // highlighted the bank finding while Details and the timeline stayed on the stall); a click moves the
    // current row with the button held and goes through `clicked`, a model reset has no focus
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& i) {
                if (m_activating || !i.isValid() || !m_view->hasFocus() ||
                    QGuiApplication::mouseButtons() != Qt::NoButton)
                    return;
                activate(i.row());
            });
    m_empty->setWordWrap(true);
    m_empty->setContentsMargins(8, 8, 8, 8);
    m_empty->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(m_view, 1);
    lay->addWidget(m_empty, 1);
    clear();
}

void FindingsPanel::setFindings(std::vector<Finding> findings, const std::map<int, int>& dataRank,
                                const NoFindingsContext& c) {
    m_left.clear(); // rows of another run's findings
    m_activatedRow = -1;
    const bool none = findings.empty();
    m_model->setFindings(std::move(findings), dataRank);
    fitColumns();
    m_view->setVisible(!none);
    m_empty->setVisible(none);
    // long steps with no finding are marked (⚠ on the ruler, the Steps table): a bare "No problems found."
    // beside them read as a contradiction (walk 5); the report's reason is said here too
    const QString steps =
        c.longSteps > 0
            ? " " + tr("The %1 marked ⚠ ended with the other ranks' steps and cost the job no time.")
                        .arg(views::counted(c.longSteps, tr("long step"), tr("long steps")))
            : QString();
    // the report's words (nofindings.h): "No findings" here beside "No problems found" in the Details
    // report, and the other way round, for the same run (walk 42)
    const query::NoFindingsWording w = query::noFindingsWording(c.facts);
    const QString notes = c.hasNotes ? " " + tr("See the notes below the timeline's lanes.") : QString();
    m_empty->setText(
        !none ? QString()
              : QString::fromStdString(w.headline) +
                    (w.reason.empty() ? QString() : QString(" (%1)").arg(QString::fromStdString(w.reason))) +
                    "." + notes + steps);
    fitRows();
}

NoFindingsContext noneContextOf(const query::ProfileSummary& s) {
    const auto run =
        std::find_if(s.runs.begin(), s.runs.end(), [&](const query::RunDesc& r) { return r.run == s.run; });
    NoFindingsContext c;
    c.facts = {s.damagedFiles, run != s.runs.end() && !run->complete};
    c.hasNotes = !s.notes.empty();
    c.longSteps = int(
        std::count_if(s.steps.begin(), s.steps.end(), [](const query::StepDesc& d) { return d.outlier; }));
    return c;
}

void FindingsPanel::clear() {
    m_activated.reset();
    m_left.clear();
    m_model->setFindings({});
    m_view->hide();
    m_empty->setText(tr("Open a profile: its findings are listed here."));
    m_empty->show();
}

void FindingsPanel::fitColumns() {
    const QFontMetrics fm(m_view->font()), hm(m_view->horizontalHeader()->font());
    for (int c = 0; c < FindingsModel::Text; ++c) {
        int w = hm.horizontalAdvance(m_model->headerData(c, Qt::Horizontal).toString()) + 18; // sort arrow
        for (int r = 0; r < m_model->rowCount(); ++r)
            for (const QString& line : m_model->index(r, c).data().toString().split('\n'))
                w = std::max(w, fm.horizontalAdvance(line) + 10);
        m_view->setColumnWidth(c, w);
        m_fitted[size_t(c)] = w;
    }
    fitToWidth();
}

void FindingsPanel::fitToWidth() {
    // in a narrow dock (a 700 px window's, ~250 px) the kind and step columns give way to the sentence,
    // which says both ("rank 5 stalled in step 11"): beside them it kept ~20 px, a line per word (walk 21 A);
    // narrower still (a 640-800 px window's, ~190-240 px) the rank column too, which the sentence also says.
    // The cost stays (r49b #1: at 800x600 the dock showed the sentence alone, so the findings could not be
    // compared by what they cost without hovering each): it gives way only where the sentence would be
    // left under kSentenceFloorChars beside it
    const int charW = m_view->fontMetrics().averageCharWidth();
    const int sentenceMin = kSentenceMinChars * charW, sentenceFloor = kSentenceFloorChars * charW;
    const int room = width() - 24; // 24: the scroll bar and the frame
    auto fixedWidth = [this](std::initializer_list<int> columns) {
        int sum = 0;
        for (int c : columns)
            sum += m_fitted[size_t(c)];
        return sum;
    };
    using M = FindingsModel;
    const bool narrow = room - fixedWidth({M::Kind, M::Rank, M::Step, M::Cost}) < sentenceMin;
    const bool narrower = room - fixedWidth({M::Rank, M::Cost}) < sentenceMin;
    const bool narrowest = room - fixedWidth({M::Cost}) < sentenceFloor;
    m_view->setColumnHidden(M::Kind, narrow);
    m_model->setKindInText(narrow); // the kind where the sentence is: the sentence says rank and step
    m_view->setColumnHidden(M::Step, narrow);
    m_view->setColumnHidden(M::Rank, narrower);
    m_view->setColumnHidden(M::Cost, narrowest);
}

void FindingsPanel::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitToWidth();
}

void FindingsPanel::fitRows() {
    m_view->resizeRowsToContents();
}

const Finding* FindingsPanel::findingAt(int row) const {
    const QModelIndex src = m_proxy->mapToSource(m_proxy->index(row, 0));
    return src.isValid() ? &m_model->finding(src.row()) : nullptr;
}

void FindingsPanel::activate(int row) {
    if (const Finding* f = findingAt(row)) {
        m_view->selectRow(row);
        m_activatedRow = m_proxy->mapToSource(m_proxy->index(row, 0)).row();
        m_activating = true; // the selection going to the finding makes is its own
        Q_EMIT findingActivated(*f);
        m_activating = false;
    }
}

void FindingsPanel::setActivatedSelection(const views::Selection& s) {
    m_activated = s;
    if (m_activatedRow >= 0) m_left[m_activatedRow] = s;
}

namespace {
// the same item; a communication link's collectives are resolved after it is chosen, so they do not count
bool sameItem(views::Selection a, views::Selection b) {
    a.spans.clear();
    b.spans.clear();
    return a == b;
}
} // namespace

void FindingsPanel::followSelection(const views::Selection& s) {
    if (m_activating || (m_activated && sameItem(*m_activated, s))) return;
    for (const auto& [row, left] : m_left)
        if (s.kind != views::Selection::Kind::None && sameItem(left, s)) {
            m_activated = s;
            m_view->selectRow(m_proxy->mapFromSource(m_model->index(row, 0)).row());
            Q_EMIT findingRestored(m_model->finding(row));
            return;
        }
    m_activated.reset();
    m_view->clearSelection();
}

int FindingsPanel::shownFinding() const {
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : m_proxy->mapToSource(rows.front()).row();
}

bool FindingsPanel::restoreFinding(int row, const views::Selection& s) {
    // a saved view reopened (`rankscope export --state`, File ▸ Open view) in a session where no finding
    // was activated: the row and Details' text were lost, the app's own export of the same view had them
    // (r55c). The selection it went to is the view's: followSelection keeps the row while it stays
    if (row < 0 || row >= m_model->rowCount()) return false;
    m_left[row] = s;
    m_activated = s;
    m_activatedRow = row;
    m_activating = true; // a current row moved here is no user's pick to go to
    m_view->selectRow(m_proxy->mapFromSource(m_model->index(row, 0)).row());
    m_activating = false;
    Q_EMIT findingRestored(m_model->finding(row));
    return true;
}

QString FindingsPanel::emptyText() const {
    return m_empty->isVisibleTo(this) ? m_empty->text() : QString();
}

} // namespace rs::gui
