#import <Foundation/Foundation.h>
#define TITLE @"not.a.lookup"

@implementation Legacy
- (NSString *)texts {
    NSString *a = NSLocalizedString(@"objc.key", @"comment");
    NSString *b = NSLocalizedStringFromTable(@"objc.table.key", @"Errors", nil);
    NSString *c = NSLocalizedStringFromTableInBundle(@"objc.bundle.key", @"Errors", [NSBundle mainBundle], nil);
    NSString *d = NSLocalizedStringWithDefaultValue(@"objc.default.key", nil, [NSBundle mainBundle], @"Default", nil);
    NSString *e = [[NSBundle mainBundle] localizedStringForKey:@"objc.message.key" value:@"" table:@"Errors"];
    // NSLocalizedString(@"objc.commented", nil);
    return [NSString stringWithFormat:@"%@%@%@%@%@", a, b, c, d, e];
}
@end
