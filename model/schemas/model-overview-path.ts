/**
 * Where the model overview is read, apart from its answer's schema (model-overview.ts): the route table
 * names it, and the console's entry sends it as the page's route starts, without loading zod.
 * A list-level call of the training section, outside the model card's API (whose paths are its records').
 */
export const MODEL_OVERVIEW_PATH = '/training/model-overview';
