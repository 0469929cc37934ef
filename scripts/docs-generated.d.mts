/** The two marker lines around the generated section `name`. */
export declare function markers(name: string): [string, string];
/** `page` with the section `name` replaced by `content`. */
export declare function withSection(page: string, name: string, content: string): string;
/** Every command and action with a help of its own: its arguments (`[]` is `teapurl` itself) and its help. */
export declare function commandHelps(): { args: string[]; text: string }[];
/** Every page with generated sections: its path, its text now, and its text as it should be. */
export declare function generatedPages(helps?: { args: string[]; text: string }[]): Promise<{ file: string; current: string; expected: string }[]>;
