export { tooltipDefinitions, type TooltipDefinition, type TooltipPlacement } from './definitions';
export { createTooltipEngine, TOOLTIP, TOOLTIP_SHOWN_KEY, type ActiveTooltip, type TooltipEngine } from './tooltip-engine';
export { TooltipLayer } from './tooltip-layer';
