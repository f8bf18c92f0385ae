import { FAULTS_PATH } from '../api/server.ts';
import type { FaultPlan, FaultPlanInput } from '../api/faults.ts';
import { request } from './http.ts';

/**
 * A test's side of the API's planned faults (dev/api/faults.ts), over loopback with the real Host
 * header (Node does not resolve *.localhost). Both throw when the API cannot be reached or refuses:
 * a fault that could not be planned must fail the test, never let it pass without the fault.
 */
export async function planFault(api: string, plan: FaultPlanInput): Promise<string> {
  const answer = await request(`${api}${FAULTS_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(plan) });
  if (answer.status !== 201) throw new Error(`the API did not plan the fault ${JSON.stringify(plan)}: ${answer.status} ${answer.text}`);
  return answer.json<{ id: string }>().id;
}

export type PlannedFault = Omit<FaultPlan, 'bearer'>;

/** Every fault planned at the API, with how often each was injected. */
export async function plannedFaults(api: string): Promise<PlannedFault[]> {
  const answer = await request(`${api}${FAULTS_PATH}`);
  if (answer.status !== 200) throw new Error(`the API did not report its faults: ${answer.status} ${answer.text}`);
  return answer.json<{ faults: PlannedFault[] }>().faults;
}

/** Planned faults (of `ids`, or all) that were not injected as often as planned: [] when every one fired. */
export async function faultsNotInjected(api: string, ids?: readonly string[]): Promise<PlannedFault[]> {
  return (await plannedFaults(api)).filter((plan) => (!ids || ids.includes(plan.id)) && plan.injected < plan.times);
}
