#include "core/import/batchqueue.h"

namespace rs::import {

bool BatchQueue::push(std::unique_ptr<model::Batch> b) {
    std::unique_lock<std::mutex> lock(m_mutex);
    m_notFull.wait(lock, [&] { return m_closed || m_items.size() < m_capacity; });
    if (m_closed) return false;
    m_items.push_back(std::move(b));
    m_notEmpty.notify_one();
    return true;
}

std::unique_ptr<model::Batch> BatchQueue::pop() {
    std::unique_lock<std::mutex> lock(m_mutex);
    m_notEmpty.wait(lock, [&] { return m_closed || !m_items.empty(); });
    if (m_items.empty()) return nullptr;
    auto b = std::move(m_items.front());
    m_items.pop_front();
    m_notFull.notify_one();
    return b;
}

void BatchQueue::close() {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_closed = true;
    m_notEmpty.notify_all();
    m_notFull.notify_all();
}

} // namespace rs::import
