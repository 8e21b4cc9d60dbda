/** The top bar's height: the bar is this tall, and the sidebar sticks just under it. */
export const TOP_BAR_HEIGHT = '60px';
