#pragma once
// Bounded hand-over of batches from parser threads to the writer thread. The bound keeps memory flat
// when parsing outruns SQLite. Thread-safe.
#include "core/model/batch.h"

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>

namespace rs::import {

class BatchQueue {
  public:
    explicit BatchQueue(size_t capacity = 8) : m_capacity(capacity) {}
    /// Blocks while the queue is full. Returns false when the queue was closed.
    bool push(std::unique_ptr<model::Batch> b);
    /// Blocks until a batch is available; null once closed and drained.
    std::unique_ptr<model::Batch> pop();
    void close();

  private:
    std::mutex m_mutex;
    std::condition_variable m_notFull, m_notEmpty;
    std::deque<std::unique_ptr<model::Batch>> m_items;
    size_t m_capacity;
    bool m_closed = false;
};

} // namespace rs::import
