// Copyright 2017-2024 Apex.AI, Inc.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

#ifndef PERFORMANCE_TEST__EXPERIMENT_EXECUTION__INTRA_THREAD_RUNNER_HPP_
#define PERFORMANCE_TEST__EXPERIMENT_EXECUTION__INTRA_THREAD_RUNNER_HPP_

#include <memory>
#include <thread>

#include "performance_test/experiment_configuration/experiment_configuration.hpp"
#include "performance_test/experiment_execution/data_entity_runner.hpp"

namespace performance_test
{
class IntraThreadRunner : public DataEntityRunner
{
public:
  explicit IntraThreadRunner(const ExperimentConfiguration & ec);
  ~IntraThreadRunner();

protected:
  void run_pubs_and_subs();

private:
  std::unique_ptr<std::thread> m_thread;
};

}  // namespace performance_test

#endif  // PERFORMANCE_TEST__EXPERIMENT_EXECUTION__INTRA_THREAD_RUNNER_HPP_
