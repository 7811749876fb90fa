#include "views/tables/producerfiguresview.h"

#include "views/common/plural.h"

#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace rs::views {

ProducerFiguresView::ProducerFiguresView(QWidget* parent)
    : QWidget(parent), m_heading(new QLabel), m_caption(new QLabel), m_table(new QTableView),
      m_model(new QStandardItemModel(this)) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    m_caption->setWordWrap(true);
    m_caption->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_table->setModel(m_model);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(20);
    m_table->setAlternatingRowColors(true);
    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    lay->addWidget(m_heading);
    lay->addWidget(m_caption);
    lay->addWidget(m_table, 1);
    hide();
}

void ProducerFiguresView::setFigures(const QStringList& lines, const QStringList& header,
                                     const std::vector<QStringList>& rows, const QStringList& headerTips) {
    m_model->clear();
    // whose figures these are comes first: the producer's, never taken for Rankscope's own Steps rows above
    // (the report's first line says whose they are: said once, walk 37 read "not Rankscope's" twice)
    m_caption->setText(tr("msprof-analyze's figures, under Rankscope's Steps above: ") + lines.join(" "));
    m_model->setHorizontalHeaderLabels(header);
    for (const auto& r : rows) {
        QList<QStandardItem*> items;
        for (const auto& cell : r)
            items << new QStandardItem(cell);
        m_model->appendRow(items);
    }
    for (int i = 0; i < headerTips.size() && i < header.size(); ++i)
        m_model->horizontalHeaderItem(i)->setToolTip(headerTips[i]);
    const int producerRows = int(std::count_if(rows.begin(), rows.end(), [](const QStringList& r) {
        return r.size() > 3 && r[3] == QLatin1String("msprof-analyze");
    }));
    m_heading->setText(tr("msprof-analyze's step figures (%1 of the producer's)")
                           .arg(counted(producerRows, tr("row"), tr("rows"))));
    m_table->resizeColumnsToContents();
    m_table->setMinimumHeight(leastTableHeight());
    setVisible(hasFigures());
}

bool ProducerFiguresView::hasFigures() const {
    return m_model->rowCount() > 0;
}

int ProducerFiguresView::leastTableHeight() const {
    const int rows = std::min(kLeastRows, std::max(1, m_model->rowCount()));
    return m_table->horizontalHeader()->sizeHint().height() +
           rows * m_table->verticalHeader()->defaultSectionSize() + 2 * m_table->frameWidth() +
           m_table->horizontalScrollBar()->sizeHint().height();
}

QString ProducerFiguresView::heading() const {
    return m_heading->text();
}

QString ProducerFiguresView::caption() const {
    return m_caption->text();
}

} // namespace rs::views
