#include "views/common/theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace rs::views {

QPalette darkPalette() {
    QPalette p;
    p.setColor(QPalette::Window, QColor(45, 45, 48));
    p.setColor(QPalette::WindowText, QColor(220, 220, 220));
    p.setColor(QPalette::Base, QColor(30, 30, 32));
    p.setColor(QPalette::AlternateBase, QColor(40, 40, 44));
    p.setColor(QPalette::Text, QColor(220, 220, 220));
    p.setColor(QPalette::Button, QColor(53, 53, 56));
    p.setColor(QPalette::ButtonText, QColor(220, 220, 220));
    p.setColor(QPalette::Highlight, QColor(42, 130, 218));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Mid, QColor(80, 80, 84));
    p.setColor(QPalette::Midlight, QColor(60, 60, 64));
    p.setColor(QPalette::Light, QColor(70, 70, 74));
    p.setColor(QPalette::Dark, QColor(25, 25, 27));
    p.setColor(QPalette::Shadow, QColor(10, 10, 10));
    p.setColor(QPalette::ToolTipBase, QColor(53, 53, 56));
    p.setColor(QPalette::ToolTipText, QColor(230, 230, 230));
    p.setColor(QPalette::PlaceholderText, QColor(150, 150, 150));
    p.setColor(QPalette::BrightText, QColor(255, 110, 110));
    p.setColor(QPalette::Link, QColor(110, 170, 240));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(120, 120, 120));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(120, 120, 120));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(120, 120, 120));
    return p;
}

QPalette themePalette(const QString& theme) {
    if (theme == "dark") return darkPalette();
    if (theme == "light") {
        QStyle* fusion = QStyleFactory::create("Fusion");
        QPalette p = fusion ? fusion->standardPalette() : QPalette();
        delete fusion;
        return p;
    }
    return QPalette(); // the platform's (system) palette
}

} // namespace rs::views
