import { listsOf, matchEntry, routeEntries } from '../../../../model/resources/index';
import type { RouteEntry } from '../../../../model/resources/types';

/**
 * The member pages of spec §2 (a bag seen in its dataset), found in the route table: beside each kind's
 * dataset list, the page showing a bag under `{list}/{name}/{id}`. Raw datasets have none: their members
 * open as bags.
 */
function memberEntries(): { datasetType: string; entry: RouteEntry }[] {
  return listsOf('dataset').flatMap((list) => {
    const entry = routeEntries.find((candidate) => candidate.shows === 'bag' && candidate.fullPath.startsWith(`${list.fullPath}/:`));
    return entry && list.preset?.datasetType ? [{ datasetType: list.preset.datasetType, entry }] : [];
  });
}

const fill = (entry: RouteEntry, name: string, bagId: number) => {
  const [nameParam, idParam] = entry.fullPath.match(/:[A-Za-z]+/g) ?? [];
  return entry.fullPath.replace(nameParam!, encodeURIComponent(name)).replace(idParam!, String(bagId));
};

/** A member's page in its dataset, or undefined for a kind without member pages. */
export function memberPath(datasetType: string, name: string, bagId: number): string | undefined {
  const found = memberEntries().find((candidate) => candidate.datasetType === datasetType);
  return found && fill(found.entry, name, bagId);
}

/** The dataset and bag of a member page's path, or null on any other page. */
export function memberOf(pathname: string): { name: string; bagId: number; datasetType: string } | null {
  const match = matchEntry(pathname);
  const found = match && memberEntries().find((candidate) => candidate.entry === match.entry);
  if (!found || !match) return null;
  const [name, id] = Object.values(match.params);
  return { name: name!, bagId: Number(id), datasetType: found.datasetType };
}
