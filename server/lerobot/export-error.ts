/**
 * The export cannot be made from these recordings with this mapping: what is wrong, naming the recording, topic and
 * field, in English for the job's log and the person who declared the mapping. Nothing is left in the output directory.
 */
export class LeRobotExportError extends Error {
  override name = 'LeRobotExportError';
}
