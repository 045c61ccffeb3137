/** Said where a scorecard is asked for before its interview: the API's refusal and the interview page. */
export const CANCELED = "This interview was canceled: there is no scorecard to file.";
export const NOT_YET = "The interview has not taken place yet: a scorecard can be filed once it has started.";
