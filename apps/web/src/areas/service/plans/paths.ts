/** The plan screens' addresses. */
export const PLANS_PATH = '/service/plans';

/** The create screen; a folder selected on the list is where the new plan goes. */
export const createPlanPath = (folderId?: number | null) =>
  folderId ? `${PLANS_PATH}/create?folder_id=${folderId}` : `${PLANS_PATH}/create`;

export const editPlanPath = (id: number) => `${PLANS_PATH}/${id}/edit`;

/** The plan analysis screens (their own menu entry, beside the plans). */
export const PLAN_ANALYSIS_PATH = '/service/plan-analysis';

export const planAnalysisPath = (id: number) => `${PLAN_ANALYSIS_PATH}/${id}`;
