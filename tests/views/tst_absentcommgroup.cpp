// A saved view's Communication group that the opened run does not list (issue 19): the view showed that
// group's empty matrix while its group box said "all" (the box lists the run's groups only), and a view
// saved again kept the absent group. It falls back to the run's default group: the matrix and the box
// agree, the notice says why, and the group the view reports (what Save view writes) is the default.
// Expected: the demo's one group, read from the index's comm_groups view.
#include "views/comm/commmatrixview.h"

#include "core/index/sqlite.h"
#include "core/query/queryservice.h"
#include "tests/support/testsupport.h"

#include <QComboBox>
#include <QtTest>
#include <memory>

using namespace rs;

class TstAbsentCommGroup : public QObject {
    Q_OBJECT
    QString m_db;
    QString m_defaultGroup;

    static QComboBox* groupBox(const views::CommMatrixView& v) {
        for (auto* c : v.findChildren<QComboBox*>())
            if (c->toolTip().startsWith("The communication group")) return c;
        return nullptr;
    }

  private Q_SLOTS:
    void initTestCase() {
        auto ix = test::indexedDemo(test::tempDir("absentcommgroup") + "/demo", test::demoOptions(4, 2, 1));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        m_db = QString::fromStdString(ix.result.dbPath);
        const auto groups = ix.rows("SELECT DISTINCT group_name FROM comm_groups WHERE run_id = 0");
        QCOMPARE(int(groups.size()), 1); // one group: the default whatever the rule
        m_defaultGroup = QString::fromStdString(groups[0]);
    }

    void anAbsentSavedGroupFallsBackToTheDefault() {
        query::QueryService service;
        service.open(m_db);
        views::InteractionState state;
        state.setBounds(0, int64_t(1) << 62);
        views::CommMatrixView view(&state, &service);
        view.resize(1000, 700);
        view.setProfile(0);
        view.showGroup("no-such-group"); // as a saved view's comm_group is restored
        QTRY_VERIFY_WITH_TIMEOUT(
            view.matrix() && QString::fromStdString(view.matrix()->group) == m_defaultGroup, 20000);
        QComboBox* box = groupBox(view);
        QVERIFY(box);
        QCOMPARE(box->currentData().toString(), m_defaultGroup); // the box says what the matrix shows
        QVERIFY(!view.matrix()->cells.empty());
        QCOMPARE(view.group(), std::optional<QString>(m_defaultGroup)); // what Save view writes
        QVERIFY2(view.noticeText().contains("no-such-group is not in this run"),
                 qPrintable(view.noticeText()));
        // the user's own choice afterwards: the note goes
        box->setCurrentIndex(box->findData(QString()));
        QTRY_VERIFY_WITH_TIMEOUT(view.matrix()->group.empty(), 20000);
        QVERIFY(!view.noticeText().contains("no-such-group"));
    }
};

QTEST_MAIN(TstAbsentCommGroup)
#include "tst_absentcommgroup.moc"
