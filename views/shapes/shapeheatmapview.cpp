#include "views/shapes/shapeheatmapview.h"
#include "views/common/plural.h"

#include "views/common/elidingcombobox.h"
#include "views/common/timemapping.h"
#include "views/common/wholelines.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

namespace rs::views {

ShapeHeatmapView::ShapeHeatmapView(InteractionState* state, query::QueryService* service, QWidget* parent)
    : QWidget(parent), m_state(state), m_service(service), m_canvas(new ShapeGridCanvas) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(2, 2, 2, 2);
    auto* row = new QHBoxLayout;
    // each box elides its text with "…" at a word's end and says it whole in its tooltip: Qt's style cut
    // "FLOAT16;FLOAT16 · dims 3;…" and "input 1, dim 2 (8 value" at the box's edge (issue 19, 1114 px)
    m_op = new ElidingComboBox;
    m_op->setToolTip(tr("Op type (largest kernel time first)"));
    m_op->setMinimumContentsLength(24);
    m_kind = new ElidingComboBox;
    m_kind->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_kind->setToolTip(tr("Dtypes and layout (dims per input): shapes are compared within one"));
    m_cols = new ElidingComboBox;
    m_cols->setToolTip(tr("The dim along the columns (the one that varies most by default)"));
    m_cols->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_rows = new ElidingComboBox;
    m_rows->setToolTip(tr("The dim along the rows (the next that varies most by default)"));
    m_rows->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_stat = new ElidingComboBox;
    m_stat->addItem(tr("p95"), int(ShapeStatistic::P95));
    m_stat->addItem(tr("median (lower middle)"), int(ShapeStatistic::Median)); // as its tooltip says
    m_stat->addItem(tr("ns per element"), int(ShapeStatistic::NsPerElement));
    m_stat->addItem(tr("mean"), int(ShapeStatistic::Mean));
    m_stat->addItem(tr("total"), int(ShapeStatistic::Total));
    for (auto* w : {static_cast<QWidget*>(new QLabel(tr("Op type"))), static_cast<QWidget*>(m_op),
                    static_cast<QWidget*>(m_kind), static_cast<QWidget*>(new QLabel(tr("columns"))),
                    static_cast<QWidget*>(m_cols), static_cast<QWidget*>(new QLabel(tr("rows"))),
                    static_cast<QWidget*>(m_rows), static_cast<QWidget*>(new QLabel(tr("colour"))),
                    static_cast<QWidget*>(m_stat)})
        row->addWidget(w);
    // at their contents' widths where there is room, narrower (elided) where there is not: the row made
    // the dock 798 px wide at least (walk 21 A)
    m_op->setMinimumWidth(120);
    for (auto* box : {m_kind, m_cols, m_rows, m_stat})
        box->setMinimumWidth(60);
    row->addStretch(1);
    lay->addLayout(row);
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_canvas);
    scroll->setWidgetResizable(true);
    lay->addWidget(scroll, 1);
    m_caption = new QLabel;
    m_caption->setWordWrap(true);
    m_caption->setTextFormat(Qt::PlainText);
    m_caption->setAlignment(Qt::AlignLeft | Qt::AlignTop); // its lines where labelLineRects finds them
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // the summary in a strip of its whole lines (at most kCaptionLines, then it scrolls): a wrapped label's
    // height follows its width, which the dock's scroll area does not ask, so its second line was cut in
    // half at the panel's bottom edge (issue 19, 1114 × 320)
    m_captionArea = new QScrollArea;
    m_captionArea->setFrameShape(QFrame::NoFrame);
    m_captionArea->setWidgetResizable(true);
    m_captionArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_captionArea->setWidget(m_caption);
    m_captionArea->installEventFilter(this);
    lay->addWidget(m_captionArea);
    connect(m_op, &QComboBox::currentIndexChanged, this, [this] { fillKinds(); });
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] { fillDims(); });
    connect(m_cols, &QComboBox::currentIndexChanged, this, [this] { showGrid(); });
    connect(m_rows, &QComboBox::currentIndexChanged, this, [this] { showGrid(); });
    connect(m_stat, &QComboBox::currentIndexChanged, this,
            [this] { m_canvas->setStatistic(ShapeStatistic(m_stat->currentData().toInt())); });
    connect(m_canvas, &ShapeGridCanvas::cellClicked, this, [this](const shapes::ShapeRow* r) {
        if (!r || !m_state || !current()) return;
        Selection s;
        s.kind = Selection::Kind::OpType;
        s.opType = QString::fromStdString(current()->opType);
        s.rank = r->firstRank;
        s.startNs = r->firstTsNs;
        s.endNs = r->firstTsNs + std::max<int64_t>(1, r->firstDurNs);
        m_state->setSelection(s);
        const int64_t pad = std::max<int64_t>(r->firstDurNs * 20, 1000);
        m_state->setWindow(r->firstTsNs - pad, r->firstTsNs + r->firstDurNs + pad);
        Q_EMIT shapeChosen(s.opType, QString::fromStdString(r->inputShapes),
                           QString::fromStdString(r->dtype));
    });
    if (m_service)
        connect(m_service, &query::QueryService::resultReady, this, [this](quint64 id, const QVariant& v) {
            if (id == m_unlinkedPending)
                if (auto u = v.value<std::shared_ptr<const shapes::UnlinkedShapes>>()) setUnlinked(*u);
            if (id != m_pending) return;
            setTables(v.value<std::shared_ptr<const std::vector<shapes::OpShapeTable>>>());
        });
}

void ShapeHeatmapView::setProfile(int run) {
    if (!m_service) return;
    m_unlinkedPending = m_service->requestUnlinkedShapes(); // answered first: the worker runs in order
    m_pending = m_service->requestShapeTables(run);
}

void ShapeHeatmapView::setUnlinked(const shapes::UnlinkedShapes& u) {
    const std::string text = shapes::unlinkedShapesText(u);
    m_unlinked = text.empty() ? QString() : QString::fromStdString(text) + QStringLiteral(".");
    showGrid();
}

void ShapeHeatmapView::setTables(std::shared_ptr<const std::vector<shapes::OpShapeTable>> t) {
    m_tables = std::move(t);
    QSignalBlocker block(m_op);
    m_op->clear();
    if (m_tables)
        for (const auto& op : *m_tables)
            m_op->addItem(QString::fromStdString(op.opType) +
                              (op.outliers.empty()
                                   ? QString()
                                   : QStringLiteral("  (%1)").arg(
                                         counted(qint64(op.outliers.size()), tr("outlier"), tr("outliers")))),
                          QString::fromStdString(op.opType));
    fillKinds();
}

void ShapeHeatmapView::chooseOpType(const QString& op) {
    const int i = m_op->findData(op);
    if (i >= 0) m_op->setCurrentIndex(i);
}

const shapes::OpShapeTable* ShapeHeatmapView::current() const {
    if (!m_tables || m_op->currentIndex() < 0 || m_op->currentIndex() >= int(m_tables->size()))
        return nullptr;
    return &(*m_tables)[size_t(m_op->currentIndex())];
}

void ShapeHeatmapView::fillKinds() {
    QSignalBlocker block(m_kind);
    m_kind->clear();
    if (const auto* t = current())
        for (const auto& [dtype, layout] : shapes::shapeKinds(*t))
            m_kind->addItem(QString::fromStdString((dtype.empty() ? "?" : dtype) + " · dims " + layout),
                            QStringList{QString::fromStdString(dtype), QString::fromStdString(layout)});
    fillDims();
}

void ShapeHeatmapView::fillDims() {
    QSignalBlocker bc(m_cols), br(m_rows);
    m_cols->clear();
    m_rows->clear();
    const auto* t = current();
    const QStringList kind = m_kind->currentData().toStringList();
    if (t && !kind.isEmpty()) {
        const auto dims = shapes::varyingDims(*t, kind.value(0).toStdString(), kind.value(1).toStdString());
        for (const auto& d : dims) {
            const QVariant pos = QVariantList{qulonglong(d.pos.first), qulonglong(d.pos.second)};
            const QString label = tr("%1 (%2 values)").arg(QString::fromStdString(d.name)).arg(d.values);
            m_cols->addItem(label, pos);
            m_rows->addItem(label, pos);
        }
        m_rows->addItem(tr("(one row)"), QVariant());
        m_rows->setCurrentIndex(dims.size() > 1 ? 1 : m_rows->count() - 1);
    }
    m_cols->setEnabled(m_cols->count() > 1);
    m_rows->setEnabled(m_rows->count() > 1);
    showGrid();
}

bool ShapeHeatmapView::chooseDims(const QString& columns, const QString& rows) {
    auto find = [](QComboBox* box, const QString& name) {
        for (int i = 0; i < box->count(); ++i)
            if (box->itemText(i).startsWith(name + " (") || box->itemText(i) == name) return i;
        return -1;
    };
    const int c = find(m_cols, columns), r = find(m_rows, rows);
    if (c < 0 || r < 0) return false;
    QSignalBlocker bc(m_cols);
    m_cols->setCurrentIndex(c);
    m_rows->setCurrentIndex(r); // redraws
    showGrid();
    return true;
}

void ShapeHeatmapView::fitCaption() {
    // kCaptionLines of the label's own lines at most, cut between two (as the Comparison panel's strips)
    const int room = kCaptionLines * m_caption->fontMetrics().lineSpacing() + 4;
    int w = std::max(1, m_captionArea->width());
    if (m_caption->heightForWidth(w) > room) w -= m_captionArea->verticalScrollBar()->sizeHint().width();
    m_captionArea->setFixedHeight(std::max(1, wholeLinesHeight(m_caption, w, room)));
}

bool ShapeHeatmapView::eventFilter(QObject* o, QEvent* e) {
    if (o == m_captionArea && e->type() == QEvent::Resize) fitCaption();
    return QWidget::eventFilter(o, e);
}

void ShapeHeatmapView::setCaption(const QString& text) {
    m_caption->setText(text);
    fitCaption();
}

QString ShapeHeatmapView::captionText() const {
    return m_caption->text();
}

void ShapeHeatmapView::showGrid() {
    const auto* t = current();
    if (!t) {
        m_canvas->setGrid(m_tables, {});
        setCaption(m_tables ? tr("No kernel carries its input shapes in this run. ") + m_unlinked
                            : QString());
        return;
    }
    const QStringList kind = m_kind->currentData().toStringList();
    auto dimOf = [](const QComboBox* box) -> std::optional<shapes::DimPos> {
        const QVariantList v = box->currentData().toList();
        if (v.size() != 2) return std::nullopt;
        return shapes::DimPos{size_t(v[0].toULongLong()), size_t(v[1].toULongLong())};
    };
    auto rowDim = dimOf(m_rows);
    // "(one row)" is a choice too: ask for the columns' dim as rows, which leaves a single row
    if (!rowDim && m_rows->count() > 0) rowDim = dimOf(m_cols);
    auto grid = shapes::buildShapeGrid(*t, kind.value(0).toStdString(), kind.value(1).toStdString(),
                                       dimOf(m_cols), rowDim);
    // the colour's figures pool the ranks' kernels: the Op summary's median of the same op type is one
    // rank's, and the demo's MatMulV2 read 156 µs here, 124 µs there without a word why (r50d #5)
    QString text = tr("Count, median (lower middle) and p95 pooled over %1. ")
                       .arg(t->ranks == 1 ? tr("1 rank") : tr("%1 ranks").arg(t->ranks));
    const int pooledOnly = text.size();
    for (const auto& m : t->models)
        if (m.dtype == grid.dtype && m.layout == grid.layout)
            text += tr("Work model: %1 + %2 ns per element (Theil–Sen over %3 sizes). ")
                        .arg(formatDuration(int64_t(m.fixedNs)))
                        .arg(m.nsPerElement, 0, 'g', 4)
                        .arg(m.shapes);
    if (text.size() == pooledOnly)
        text +=
            tr("Too few sizes for a work model (at least %1): no outliers judged. ").arg(shapes::kMinSizes);
    for (const auto& o : t->outliers)
        if (o.dtype == grid.dtype && shapes::layoutOf(o.inputShapes) == grid.layout)
            text += tr("Outlier: %1 takes %2× the prediction (median %3 over %4 kernels). ")
                        .arg(QString::fromStdString(o.inputShapes))
                        .arg(o.ratio, 0, 'f', 2)
                        .arg(formatDuration(int64_t(o.medianNs)))
                        .arg(o.count);
    int noElements = 0;
    for (const auto& s : t->shapes)
        if (s.dtype == grid.dtype && shapes::layoutOf(s.inputShapes) == grid.layout && s.nsPerElement < 0)
            ++noElements;
    // issue 19: a blank ns-per-element cell is the data's silence, not a missing figure of ours
    if (noElements > 0)
        text += (noElements == 1 ? tr("1 shape here has") : tr("%1 shapes here have").arg(noElements)) +
                tr(" no ns per element: no input has dims recorded (number arguments, tensor lists the "
                   "profiler did not expand). ");
    setCaption(text + m_unlinked);
    m_canvas->setGrid(m_tables, std::move(grid));
}

} // namespace rs::views
