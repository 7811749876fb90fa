#include "views/tables/producerfiguresview.h"

#include <QHeaderView>
#include <QLabel>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

namespace rs::views {

ProducerFiguresView::ProducerFiguresView(QWidget* parent)
    : QWidget(parent), m_caption(new QLabel), m_table(new QTableView), m_model(new QStandardItemModel(this)) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    m_caption->setWordWrap(true);
    m_caption->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_table->setModel(m_model);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(20);
    m_table->setAlternatingRowColors(true);
    lay->addWidget(m_caption);
    lay->addWidget(m_table, 1);
    hide();
}

void ProducerFiguresView::setFigures(const QStringList& lines, const QStringList& header,
                                     const std::vector<QStringList>& rows) {
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
    m_table->resizeColumnsToContents();
    setVisible(hasFigures());
}

bool ProducerFiguresView::hasFigures() const {
    return m_model->rowCount() > 0;
}

QString ProducerFiguresView::caption() const {
    return m_caption->text();
}

} // namespace rs::views
