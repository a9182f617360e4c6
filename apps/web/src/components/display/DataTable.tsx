import type { ComponentPropsWithoutRef } from 'react';
import classes from './DataTable.module.css';

export interface DataTableProps extends ComponentPropsWithoutRef<'table'> {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
}

/**
 * The console's list table: striped rows, a hover highlight, and dimmed while `aria-busy` (a new page or
 * search loading). Children are plain `thead`, `tbody`, `tr`, `th` and `td`.
 */
export function DataTable({ minWidth, className, style, ...props }: DataTableProps) {
  return (
    <div className={classes.scroller}>
      <table
        className={className ? `${classes.table} ${className}` : classes.table}
        style={minWidth === undefined ? style : { minWidth, ...style }}
        {...props}
      />
    </div>
  );
}
