import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../providers/http';
import { instanceDetailPath } from '../instances/paths';

/** Runs a task now and opens the instance it made (a refusal, a removed task, is told by the HTTP layer). */
export function useRunTask(taskId: number) {
  const navigate = useNavigate();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const { id } = await api.post<{ id: number }>(`/taskFlow/task/${taskId}/run`);
      void navigate(instanceDetailPath(id));
    } catch {
      // told already (spec §8)
    } finally {
      setRunning(false);
    }
  };
  return { run, running };
}
