import { entityListEntry } from '../../../../model/resources/index';
import type { RobotTimeline, RobotTopic } from '../../../../model/schemas/robot-report';
import { api } from '../../../providers/http';

/** Where the robots' records live (/device/robot): their reports are read beside them. */
const robots = () => entityListEntry('robot')!.api;

/** A time range as the timeline call takes it: ISO instants. */
export interface TimeRange {
  from: string;
  to: string;
}

/** The calls of a robot's page beyond its record (server/modules/robots): its topics against their rules, and its timeline. */
export const robotsApi = {
  topics: (robotId: number) => api.get<RobotTopic[]>(`${robots()}/${robotId}/topics`),
  timeline: (robotId: number, range: TimeRange) => api.get<RobotTimeline>(`${robots()}/${robotId}/timeline`, range),
};
