import { entityListEntry, recordPath } from '../../../../model/resources/index';

/** The instance list (spec §2 /taskFlow/ops/instance): its show page is instanceDetail/{instanceId}. */
export const instanceList = () => entityListEntry('instance')!;

const withId = (path: string, id: number | string) => path.replace(/:[^/]+/, encodeURIComponent(String(id)));

/** An instance's page. */
export const instanceDetailPath = (id: number | string) => recordPath(instanceList(), 'show', id) ?? withId(`${instanceList().fullPath}/:id`, id);

/** An instance's log page (spec §2 instanceLog/{instanceId}), beside its list. */
export function instanceLogPath(id: number | string): string {
  const list = instanceList();
  const page = list.parent?.entries.find((entry) => entry.path === 'instanceLog/:instanceId');
  return withId(page?.fullPath ?? '/taskFlow/ops/instanceLog/:instanceId', id);
}
